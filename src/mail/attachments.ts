// Attachments drawn at delivery time. A queued mail may ask for a picture instead of carrying it
// (`render: { kind, args }`): processing a phase then only writes a few bytes, and the drawing happens
// in the outbox, outside the processing transaction. The judge registers a renderer per kind.
import type { Db } from '../store/database.js';
import type { MailAttachment } from '../store/outbox.js';
import type { ResolvedAttachment } from './compose.js';

export type AttachmentRenderer = (db: Db, args: Record<string, unknown>) => { content: Buffer; contentType?: string };

/**
 * Starts drawing an attachment ahead, off the judge's thread: a promise that settles once the
 * renderer can give its bytes at once, or null when it can already (or will draw it itself).
 */
export type AttachmentPreparer = (db: Db, args: Record<string, unknown>) => Promise<unknown> | null;

const renderers = new Map<string, AttachmentRenderer>();
const preparers = new Map<string, AttachmentPreparer>();

export function registerAttachmentRenderer(
  kind: string,
  renderer: AttachmentRenderer,
  prepare?: AttachmentPreparer,
): void {
  renderers.set(kind, renderer);
  if (prepare) preparers.set(kind, prepare);
}

/** Whether some attachment would be drawn ahead (attachmentsBeingDrawn), without starting it. */
export function drawnAhead(attachments: MailAttachment[]): boolean {
  return attachments.some((attachment) => attachment.render && preparers.has(attachment.render.kind));
}

/**
 * What a mail's attachments still wait for: a promise that settles when every one being drawn ahead
 * is ready (drawn, or given up, to be drawn at sending), or null when none is being drawn.
 */
export function attachmentsBeingDrawn(db: Db, attachments: MailAttachment[]): Promise<unknown> | null {
  const pending: Promise<unknown>[] = [];
  for (const attachment of attachments) {
    const prepare = attachment.render && preparers.get(attachment.render.kind);
    try {
      const drawing = prepare ? prepare(db, attachment.render!.args) : null;
      if (drawing) pending.push(drawing);
    } catch {
      // Whatever stops it being drawn ahead stops it at sending too, where it is reported.
    }
  }
  return pending.length ? Promise.allSettled(pending) : null;
}

/**
 * The bytes of each attachment. One that cannot be drawn (no renderer, its data gone, a drawing
 * error) is left out and reported: the mail itself, results above all, is never held back by it.
 */
export function resolveAttachments(
  db: Db,
  attachments: MailAttachment[],
  report: (problem: string) => void = () => undefined,
): ResolvedAttachment[] {
  const out: ResolvedAttachment[] = [];
  for (const attachment of attachments) {
    try {
      if (attachment.content !== undefined) {
        out.push({ ...attachment, content: Buffer.from(attachment.content, 'base64') });
        continue;
      }
      const renderer = attachment.render ? renderers.get(attachment.render.kind) : undefined;
      if (!renderer) throw new Error(`nothing draws "${attachment.render?.kind ?? '?'}"`);
      const drawn = renderer(db, attachment.render!.args);
      out.push({ ...attachment, contentType: drawn.contentType ?? attachment.contentType, content: drawn.content });
    } catch (error) {
      report(`attachment ${attachment.filename} left out: ${(error as Error).message}`);
    }
  }
  return out;
}
