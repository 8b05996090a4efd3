/**
 * Answers whether a text was seen before: false the first time, true the second (then it is
 * forgotten, as the caller keeps it from there). Remembers at most `max` texts seen once, and
 * forgets them all past that, so texts run only once (a query with its values written in) cost
 * a bounded set. Both drivers prepare a query text only when it comes a second time.
 */
export function seenTwice(max = 2_000): (text: string) => boolean {
  const seen = new Set<string>();
  return (text) => {
    if (seen.delete(text)) return true;
    if (seen.size >= max) seen.clear();
    seen.add(text);
    return false;
  };
}
