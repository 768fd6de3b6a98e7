import { buffer } from 'node:stream/consumers';
import yazl from 'yazl';

/**
 * A ZIP of a matrix's images, each under its variant's name. Stored, not deflated: JPEG and PNG are compressed
 * already, and deflating them again costs time for a percent or two.
 */
export async function makeVariantZip(files: { name: string; body: Buffer }[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  const taken = new Set<string>();
  for (const file of files) {
    const name = uniqueName(file.name, taken);
    zip.addBuffer(file.body, name, { compress: false });
  }
  zip.end();
  return buffer(zip.outputStream);
}

/** Two variants whose names differ only in case would overwrite each other when unpacked on a Mac or Windows. */
function uniqueName(name: string, taken: Set<string>): string {
  const dot = name.lastIndexOf('.');
  const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  let candidate = name;
  for (let copy = 2; taken.has(candidate.toLowerCase()); copy += 1) candidate = `${stem} (${copy})${extension}`;
  taken.add(candidate.toLowerCase());
  return candidate;
}
