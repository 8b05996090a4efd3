// The words `npm run seed:bench` writes its threads and replies with, and `npm run bench:search`
// queries them with. Both sides read this one list, so the benchmark knows which words are
// common, which are rare and which pairs stand next to each other.
//
// Word number k (from 1) is drawn with a probability near 1/k: `head` holds real English and
// film words in that order (the English stemmer drops the function words as stop words), and a
// small share of the words come from `tail`, made-up words on the same curve, so that a rare word
// is written a few to a few hundred times over the whole seed.

/** PostgreSQL's English stop words among the head: search leaves them out of every query. */
const stopWords = new Set(
  (
    'the and a of to is in it that this was for with but as on not be are at by have its from ' +
    'or an they all so his her more about what which very just than when who into only out up ' +
    'can will over most some there then too no both each few other same such here where why how ' +
    'because through after before while between during own any again once'
  ).split(' '),
);

/** The common words, most frequent first. */
export const head: readonly string[] = (
  'the and a of to is film in it that this was for with but as on movie not be are story at ' +
  'by have its from or an one they all so his her more about like what which very just than ' +
  'good when who time into only scene out up director can great over most character ' +
  'characters plot some there then too really performance ending will way much even no first ' +
  'make little well best both acting actor actors cast review reviews reviewing watch watching ' +
  'watched love think seen see people life better bad cinema camera music soundtrack score ' +
  'cinematography screenplay script dialogue shot shots sequence sequel original version ' +
  'audience moment moments years world series part man woman young old new never still ' +
  'something nothing ever each few other same such here where why how because through after ' +
  'before while between during own any again once beautiful performances role roles lead ' +
  'supporting star stars hero villain comedy drama horror thriller western documentary ' +
  'animation animated feature short epic classic remake adaptation novel book theatre ' +
  'festival premiere release released studio budget effects visual visuals sound editing edit ' +
  'cut pacing tension atmosphere mood tone style colour light lighting frame framing close ' +
  'wide long slow fast quiet loud dark bright funny sad strange brilliant stunning boring ' +
  'clever subtle powerful memorable forgettable perfect flawed uneven ambitious honest simple ' +
  'complex quite rather almost always often sometimes perhaps maybe certainly especially ' +
  'mostly truly deeply clearly nearly barely finally later early night day city house family ' +
  'father mother daughter son brother sister friend friends love war death murder mystery ' +
  'crime police detective journey road home town country summer winter sea river forest ' +
  'island mountain train car ship island past future memory dream dreams fear hope truth ' +
  'power money secret silence voice face eyes hands heart mind body soul blood fire water ' +
  'rain snow storm shadow shadows ghost monster creature machine robot space planet star ' +
  'believe feel felt found give gave take took tell told show shows showed play plays played ' +
  'playing write writes wrote written direct directs directed directing shoot shooting shooter ' +
  'score scored scoring work works worked working made makes making find finds finding ' +
  'understand remember forget leave left return returns returned change changes changed ' +
  'begin begins began end ends ended open opens opening close closing rewatch rewatched ' +
  'recommend recommended enjoy enjoyed hate hated miss missed deserve deserves deserved ' +
  'theme themes message meaning symbol metaphor twist twists reveal climax finale prologue ' +
  'montage flashback narration narrator voiceover credits title titles poster trailer ' +
  'trailers box office rating ratings critic critics viewer viewers fan fans crowd ' +
  'cinematographer composer editor producer writer writers screenwriter ensemble debut career ' +
  'masterpiece disaster surprise delight mess gem favourite genre decade century era ' +
  'costume costumes design set sets location locations landscape colours palette grain print ' +
  'restoration projection screen screening theatre arthouse indie independent silent noir ' +
  'musical romance romantic tragic tragedy satire parody slapstick suspense chase heist'
)
  .split(' ')
  .filter((word, index, all) => all.indexOf(word) === index);

/** Whether search would ignore the word (an English stop word). */
export const isStopWord = (word: string) => stopWords.has(word);

// Made-up words of five letters, consonant-vowel-consonant-vowel-consonant: pronounceable, and
// too short for the English stemmer to cut, so each one is its own search term. The last
// consonant is never an s (a plural to the stemmer).
const first = 'b d f g h k l m n p r t v z br dr kr tr'.split(' ');
const vowels = 'a e i o u'.split(' ');
const middle = 'b d f g k l m n p r t v z'.split(' ');
const last = 'k l m n r t x'.split(' ');

function madeUpWords(count: number): string[] {
  const all: string[] = [];
  for (const c1 of first)
    for (const v1 of vowels)
      for (const c2 of middle)
        for (const v2 of vowels) for (const c3 of last) all.push(c1 + v1 + c2 + v2 + c3);
  // A fixed stride through the combinations spreads the chosen words over every sound.
  const known = new Set(head);
  const chosen = new Set<string>();
  for (let step = 0; chosen.size < count; step += 1) {
    const word = all[(step * 7919) % all.length];
    if (word && !known.has(word)) chosen.add(word);
  }
  return [...chosen];
}

/** The rare words, most frequent first. */
export const tail: readonly string[] = madeUpWords(4_000);

/** The share of words drawn from the tail. */
export const tailShare = 0.005;

/** Words per title, thread body, reply and film title (inclusive bounds). */
export const lengths = {
  title: [4, 8],
  body: [30, 80],
  reply: [8, 30],
  filmTitle: [1, 4],
} as const satisfies Record<string, readonly [number, number]>;
