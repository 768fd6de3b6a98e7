import sharp, { type OverlayOptions } from 'sharp';

/** A contact sheet's layout in pixels: cells at most this wide, a column of trim names, a row of paint names. */
const CELL_WIDTH = 320;
const GAP = 12;
const ROW_LABEL = 180;
const COLUMN_LABEL = 32;
const TITLE = 60;
const BACKGROUND = '#121316';
const INK = '#e4e6ea';
const SECONDARY = '#9aa0aa';
const MUTED = '#5d626b';

/**
 * A contact sheet of a matrix, as one JPEG a client can be sent: one row per trim, one column per paint, named along
 * the edges, on the studio's dark ground. A combination not rendered (the trim does not offer the paint) is an empty
 * cell saying so.
 */
export async function makeContactSheet(options: {
  title: string;
  subtitle: string;
  rows: string[];
  columns: string[];
  /** Row by row; null: not rendered. */
  images: (Buffer | null)[];
  /** The images' aspect, width over height. */
  aspect: number;
}): Promise<{ image: Buffer; width: number; height: number }> {
  const { rows, columns } = options;
  const cellHeight = Math.round(CELL_WIDTH / options.aspect);
  const width = ROW_LABEL + columns.length * (CELL_WIDTH + GAP) + GAP;
  const height = TITLE + COLUMN_LABEL + rows.length * (cellHeight + GAP) + GAP;
  const layers: OverlayOptions[] = [
    { input: title(options.title, options.subtitle, width - 2 * GAP), left: GAP + 4, top: 0 },
  ];
  for (const [column, name] of columns.entries()) {
    const left = ROW_LABEL + column * (CELL_WIDTH + GAP);
    layers.push({ input: label(name, CELL_WIDTH, COLUMN_LABEL, SECONDARY, 'middle'), left, top: TITLE });
  }
  for (const [row, name] of rows.entries()) {
    const top = TITLE + COLUMN_LABEL + row * (cellHeight + GAP);
    layers.push({ input: rowLabel(name, ROW_LABEL - GAP, cellHeight), left: GAP + 4, top });
    for (const column of columns.keys()) {
      const image = options.images[row * columns.length + column] ?? null;
      const picture = image
        ? await sharp(image).resize({ width: CELL_WIDTH, height: cellHeight, fit: 'cover' }).toBuffer()
        : emptyCell(CELL_WIDTH, cellHeight);
      layers.push({ input: picture, left: ROW_LABEL + column * (CELL_WIDTH + GAP), top });
    }
  }
  const image = await sharp({ create: { width, height, channels: 3, background: BACKGROUND } })
    .composite(layers)
    .jpeg({ quality: 88 })
    .toBuffer();
  return { image, width, height };
}

const svg = (width: number, height: number, body: string) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="sans-serif">${body}</svg>`,
  );

function title(text: string, subtitle: string, width: number): Buffer {
  return svg(
    width,
    TITLE,
    `<text x="0" y="30" fill="${INK}" font-size="20" font-weight="600">${escapeXml(text)}</text>` +
      `<text x="0" y="50" fill="${SECONDARY}" font-size="13">${escapeXml(subtitle)}</text>`,
  );
}

function label(text: string, width: number, height: number, colour: string, anchor: 'start' | 'middle'): Buffer {
  const x = anchor === 'middle' ? width / 2 : 0;
  return svg(
    width,
    height,
    `<text x="${x}" y="${height / 2}" fill="${colour}" font-size="14" text-anchor="${anchor}" dominant-baseline="middle">${escapeXml(text)}</text>`,
  );
}

/**
 * A row's name, a line per part: the trim in ink, its view and environment beneath in grey ("Terra Base · Front ¾ ·
 * Desert" would not fit one line of the label column).
 */
function rowLabel(text: string, width: number, height: number): Buffer {
  const [first = '', ...rest] = text.split(' · ');
  const lineHeight = 18;
  const top = height / 2 - (rest.length * lineHeight) / 2;
  const lines = [
    `<text x="0" y="${top}" fill="${INK}" font-size="14" dominant-baseline="middle">${escapeXml(first)}</text>`,
    ...rest.map(
      (part, index) =>
        `<text x="0" y="${top + (index + 1) * lineHeight}" fill="${SECONDARY}" font-size="13" dominant-baseline="middle">${escapeXml(part)}</text>`,
    ),
  ];
  return svg(width, height, lines.join(''));
}

function emptyCell(width: number, height: number): Buffer {
  return svg(
    width,
    height,
    `<rect x="0.5" y="0.5" width="${width - 1}" height="${height - 1}" fill="#18191d" stroke="#26282d"/>` +
      `<text x="50%" y="50%" fill="${MUTED}" font-size="13" text-anchor="middle" dominant-baseline="middle">Not offered on this trim</text>`,
  );
}

function escapeXml(value: string): string {
  return value.replace(/[<>&'"]/g, (character) => `&#${character.charCodeAt(0)};`);
}
