/**
 * The catalogue's files as `import.meta.glob` returns them, keyed by "<language>/<namespace>"
 * (the glob's own keys are paths, which differ between the build and the tests).
 */
export function keyed<T>(files: Record<string, T>): Record<string, T> {
  const out: Record<string, T> = {};
  for (const [file, value] of Object.entries(files)) {
    const match = /([\w-]+)\/(\w+)\.json$/.exec(file);
    if (match) out[`${match[1]}/${match[2]}`] = value;
  }
  return out;
}
