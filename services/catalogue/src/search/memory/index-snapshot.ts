import { readFile, writeFile } from 'node:fs/promises';

/**
 * A built CatalogueIndex as plain data: a JSON-able description and the typed arrays it points
 * into. Written to one file by the builder process and read back by the serving process as views
 * into a single buffer, so the index arrives in memory as one allocation, whatever the build
 * churned through.
 */
export type SnapshotArray = Float64Array<ArrayBufferLike> | Int32Array<ArrayBufferLike> | Uint32Array<ArrayBufferLike> | Uint8Array<ArrayBufferLike>;

export interface IndexSnapshot<Meta> {
  meta: Meta;
  arrays: SnapshotArray[];
}

const MAGIC = 'LMSIDX01';
const TYPES = { f64: Float64Array, i32: Int32Array, u32: Uint32Array, u8: Uint8Array } as const;
type TypeName = keyof typeof TYPES;

function typeNameOf(array: SnapshotArray): TypeName {
  if (array instanceof Float64Array) return 'f64';
  if (array instanceof Int32Array) return 'i32';
  if (array instanceof Uint32Array) return 'u32';
  return 'u8';
}

const align8 = (n: number): number => (n + 7) & ~7;

export async function writeSnapshot<Meta>(path: string, snapshot: IndexSnapshot<Meta>): Promise<void> {
  const layout: { type: TypeName; offset: number; length: number }[] = [];
  let offset = 0;
  for (const array of snapshot.arrays) {
    layout.push({ type: typeNameOf(array), offset, length: array.length });
    offset = align8(offset + array.byteLength);
  }
  const header = Buffer.from(JSON.stringify({ meta: snapshot.meta, layout }), 'utf8');
  const start = align8(16 + header.length);
  const file = Buffer.alloc(start + offset);
  file.write(MAGIC, 0, 'latin1');
  file.writeUInt32LE(header.length, 8);
  header.copy(file, 16);
  snapshot.arrays.forEach((array, i) => {
    file.set(new Uint8Array(array.buffer, array.byteOffset, array.byteLength), start + layout[i]!.offset);
  });
  await writeFile(path, file);
}

export async function readSnapshot<Meta>(path: string): Promise<IndexSnapshot<Meta>> {
  let file = await readFile(path);
  if (file.toString('latin1', 0, 8) !== MAGIC) throw new Error(`${path} is not a search index snapshot`);
  // Views of 8-byte elements need an 8-byte aligned start.
  if (file.byteOffset % 8 !== 0) file = Buffer.from(new Uint8Array(file));
  const headerLength = file.readUInt32LE(8);
  const { meta, layout } = JSON.parse(file.toString('utf8', 16, 16 + headerLength)) as {
    meta: Meta;
    layout: { type: TypeName; offset: number; length: number }[];
  };
  const start = file.byteOffset + align8(16 + headerLength);
  const arrays = layout.map(({ type, offset, length }) => new TYPES[type](file.buffer, start + offset, length));
  return { meta, arrays };
}
