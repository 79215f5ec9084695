import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { media } from '../db/schema';

/** A media row without its bytes (what the REST responses describe). */
export interface MediaRecord {
  id: number;
  path: string;
  name: string;
  alt: string;
  mimeType: string;
  width: number;
  height: number;
  filesize: number;
  createdAt: Date;
  authorId: number | null;
  processed: boolean;
}

const columns = {
  id: media.id,
  path: media.path,
  name: media.name,
  alt: media.alt,
  mimeType: media.mimeType,
  width: media.width,
  height: media.height,
  filesize: sql<number>`octet_length(${media.bytes})::int`,
  createdAt: media.createdAt,
  authorId: media.authorId,
  processed: media.processed,
};

/** One media item by id, without its bytes. */
export async function findMediaById(db: Database, id: number): Promise<MediaRecord | undefined> {
  const [row] = await db.select(columns).from(media).where(eq(media.id, id)).limit(1);
  return row;
}

/** What {@link insertUpload} stores. */
export interface NewUpload {
  folder: string;
  base: string;
  extension: string;
  name: string;
  alt: string;
  mimeType: string;
  width: number;
  height: number;
  bytes: Buffer;
  authorId: number;
}

/**
 * Stores an upload under `folder/base.ext`, or `base-1.ext`, `base-2.ext`… when the name is taken
 * (as `wp_unique_filename` does). Not yet post-processed.
 */
export async function insertUpload(db: Database, upload: NewUpload): Promise<MediaRecord> {
  for (let attempt = 0; attempt < 1000; attempt += 1) {
    const suffix = attempt === 0 ? '' : `-${attempt}`;
    const [row] = await db
      .insert(media)
      .values({
        path: `${upload.folder}/${upload.base}${suffix}.${upload.extension}`,
        name: upload.name,
        alt: upload.alt,
        mimeType: upload.mimeType,
        width: upload.width,
        height: upload.height,
        bytes: upload.bytes,
        authorId: upload.authorId,
        processed: false,
      })
      .onConflictDoNothing({ target: media.path })
      .returning({ id: media.id });
    if (row !== undefined) return (await findMediaById(db, row.id))!;
  }
  throw new Error(`No free file name for ${upload.base}.${upload.extension}.`);
}

/** Marks post-processing done. */
export async function markProcessed(db: Database, id: number): Promise<void> {
  await db.update(media).set({ processed: true }).where(eq(media.id, id));
}

/** Deletes a media item (and, by cascade, its use in product galleries). */
export async function deleteMedia(db: Database, id: number): Promise<void> {
  await db.delete(media).where(eq(media.id, id));
}
