/*
 * Deterministic generated content for the document benchmarks: English function words, real
 * technical words and made-up ones, drawn with a Zipf frequency (probability 1/rank), so that a
 * few words are in every document and most are rare, as in a real document base.
 */

/** Small fast PRNG (mulberry32): the same seed gives the same corpus on every machine. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The most frequent words of English prose: in every document, and not what anyone searches for. */
const functionWords = `the of and to a in is for with on be this that by are as or it from at not an can must
if when all each after before only into than then these which use used using may should will has have do does
no any other more most such both between over under also one two three per`
  .split(/\s+/)
  .filter(Boolean);

const technicalWords = `robot gripper controller axis torque payload flange mounting calibration firmware safety
maintenance installation manual datasheet certificate drawing servo motor encoder brake gearbox joint wrist base
cable connector harness sensor vacuum suction jaw finger stroke force speed acceleration cycle repeatability
accuracy tolerance bolt screw thread lubrication grease oil filter seal bearing shaft coupling tool changer
adapter plate interface signal input output fieldbus ethernet profinet ethercat modbus network address parameter
configuration menu display button teach pendant program routine variable frame coordinate offset zone limit
alarm error fault warning reset emergency stop enclosure fence guard laser scanner light curtain inspection
schedule interval replacement spare part kit assembly disassembly transport storage temperature humidity
vibration noise voltage current power supply fuse grounding shield compliance directive standard declaration
conformity test report revision release update upgrade backup restore license option module card slot rack
cabinet panel terminal wiring diagram dimension weight material aluminium steel coating paint label marking
pneumatic valve pressure hose fitting regulator cylinder piston stroke nozzle ejector workpiece fixture pallet
conveyor camera vision lens illumination barcode reader software driver library plugin simulation cad model
step iges eplan macro template checklist procedure warning caution notice instruction operator technician`
  .split(/\s+/)
  .filter(Boolean);

const syllables = ['ka', 'lo', 'mi', 're', 'tan', 'vor', 'del', 'sun', 'pra', 'qui', 'zen', 'bal', 'tor', 'fen', 'gri', 'mon', 'dex', 'lux'];

/** Function words first (the most frequent), then technical words, then made-up words up to `size`. */
export function vocabulary(size = 6000): string[] {
  const words = [...new Set([...functionWords, ...technicalWords])];
  const next = random(7);
  const seen = new Set(words);
  while (words.length < size) {
    const length = 2 + Math.floor(next() * 3);
    const word = Array.from({ length }, () => syllables[Math.floor(next() * syllables.length)]).join('');
    if (!seen.has(word)) {
      seen.add(word);
      words.push(word);
    }
  }
  return words;
}

/** Picks words with probability proportional to 1 / rank. */
export function zipfSampler(words: readonly string[], next: () => number): () => string {
  const cumulative: number[] = [];
  let total = 0;
  for (let rank = 1; rank <= words.length; rank++) {
    total += 1 / rank;
    cumulative.push(total);
  }
  return () => {
    const target = next() * total;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (cumulative[middle] < target) low = middle + 1;
      else high = middle;
    }
    return words[low];
  };
}

/** About `words` words of prose in sentences and paragraphs (two pages ≈ 900 words). */
export function prose(word: () => string, next: () => number, words = 900): string {
  const paragraphs: string[] = [];
  let written = 0;
  while (written < words) {
    const sentences: string[] = [];
    for (let s = 0; s < 4 + Math.floor(next() * 4) && written < words; s++) {
      const length = 8 + Math.floor(next() * 11);
      const sentence = Array.from({ length }, word).join(' ');
      sentences.push(`${sentence[0].toUpperCase()}${sentence.slice(1)}.`);
      written += length;
    }
    paragraphs.push(sentences.join(' '));
  }
  return paragraphs.join('\n\n');
}
