/** Small text helpers shared by the session renderers. */
export function formatTime(iso: string): string {
  return iso.replace('T', ' ').replace(/(:\d{2})(\.\d+)?(Z|[+-]\d{2}:\d{2})$/, '$1 $3');
}

export function bullet(items: string[]): string {
  return items.map((i) => `- ${i.replace(/\s*\n\s*/g, ' ')}\n`).join('');
}
