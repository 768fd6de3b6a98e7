/** One sample's value in Prometheus text, by name and labels (all of them, in any order); 0 when absent. */
export function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const given = new Map(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((pair): [string, string] => [
        pair[1] ?? '',
        pair[2] ?? '',
      ]),
    );
    if (Object.entries(labels).every(([key, value]) => given.get(key) === value)) return Number(match[3]);
  }
  return 0;
}
