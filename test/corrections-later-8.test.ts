/** The later blind development sets, part 8 (test/correction-floors.ts, LATER_PARTS). */
import { laterPart } from './later-part.js';

laterPart(8);
