/**
 * English forms the porter stemmer cannot join: irregular verbs (feel / felt, go / went / gone) and
 * irregular plurals (child / children). A query word with such forms matches a record holding any
 * of them at its full weight: they are one word, not an alias (docs/RANKING.md, "inflections").
 *
 * One group per line. A form marked `*` is also another common word (saw, left, found, rose): it
 * is added when another form of its group is asked for ("see" finds "saw"), but as a query word
 * it stands for itself alone ("saw" does not find "see").
 */
const GROUPS = `
arise arose arisen · awake awoke awoken · bear bore* borne · beat beaten · become became
begin began begun beginning · bend bent · bite bit* bitten · bleed bled · blow blew blown
break broke broken · breed bred · bring brought · build built · burn burnt · buy bought
catch caught · choose chose chosen · come came · creep crept · deal dealt · dig dug
draw drew drawn · dream dreamt · drink drank drunk · drive drove driven · eat ate eaten
fall fell* fallen · feed fed · feel felt* · fight fought · find found* · flee fled
fly flew flown flies · forbid forbade forbidden · forget forgot forgotten · forgive forgave forgiven
freeze froze frozen · get got gotten getting · give gave given · go went gone goes going
grow grew grown · hang hung · hear heard · hide hid hidden · hold held · keep kept · kneel knelt
know knew known · lay laid · lead led* · leap leapt · learn learnt · leave left* · lend lent
lie lain lying · light lit* · lose lost · make made · mean meant · meet met · pay paid
ride rode ridden · ring rang rung · rise rose* risen · run ran running · say said · see saw* seen
seek sought · sell sold · send sent · shake shook shaken · shine shone · shoot shot* · show shown
shrink shrank shrunk · sing sang sung · sink sank sunk · sit sat sitting · sleep slept · slide slid
speak spoke* spoken · speed sped · spend spent · spin spun · spit spat · spring sprang sprung
stand stood · steal stole stolen · stick stuck · sting stung · strike struck · swear swore sworn
sweep swept · swim swam swum swimming · swing swung · take took taken · teach taught · tear tore torn
tell told · think thought* · throw threw thrown · understand understood · wake woke woken
wear wore worn · weave wove woven · weep wept · win won winning · write wrote written writing
withdraw withdrew withdrawn · overcome overcame · undergo underwent undergone
child children · person people · man men · woman women · foot feet · tooth teeth · mouse mice
goose geese · life lives* · knife knives · wife wives · leaf leaves* · wolf wolves · half halves
shelf shelves
`;

/** query word → every form of its group (itself included); absent: no other forms */
const FORMS: Map<string, string[]> = (() => {
  const out = new Map<string, string[]>();
  for (const group of GROUPS.split(/[·\n]/)) {
    const items = group.trim().split(/\s+/).filter(Boolean);
    if (items.length < 2) continue;
    const words = items.map((w) => w.replace(/\*$/, ''));
    for (const item of items) {
      if (item.endsWith('*')) continue;
      out.set(item, [...new Set([...(out.get(item) ?? []), ...words])]);
    }
  }
  return out;
})();

/** The forms a lower-case English query word stands for: [] when the stemmer already joins them all. */
export function inflectionsOf(word: string): string[] {
  const forms = FORMS.get(word);
  return forms ? forms.filter((f) => f !== word) : [];
}

/** A word or phrase as one FTS5 string. */
export function ftsString(t: string): string {
  return `"${t.replace(/"/g, '""')}"`;
}

/** A query term as FTS5 matches it: an English word with its irregular forms as one OR group. */
export function termFts(t: { text: string; cjk: boolean }): string {
  const forms = t.cjk ? [] : inflectionsOf(t.text);
  return forms.length ? `(${[t.text, ...forms].map(ftsString).join(' OR ')})` : ftsString(t.text);
}
