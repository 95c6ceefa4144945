/** The summary tree's budgets (`consolidate.summaries` in config.json, docs/CONFIG.md). */
export interface TreeOptions {
  /** characters of bullets per day node; red lines and the day's corrections go in beyond it (default 1 200; 200–100 000) */
  dayChars: number;
  /** per week node (default 2 000; 200–100 000); red lines of the week go in beyond it */
  weekChars: number;
  /** per month node (default 3 000; 200–100 000); red lines of the month go in beyond it */
  monthChars: number;
  /** per domain node (default 2 000; 200–100 000) */
  domainChars: number;
  /** a domain node covers the domain's last this many days, ending at its newest record (default 30; 1–366) */
  domainDays: number;
}

export const TREE_DEFAULTS: Readonly<TreeOptions> = Object.freeze({ dayChars: 1200, weekChars: 2000, monthChars: 3000, domainChars: 2000, domainDays: 30 });
