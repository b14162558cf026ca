// SMTP's DATA wants CRLF line ends and a dot doubled at the start of a line. nodemailer's DataStream
// makes it so by looking at every byte of the mail in JavaScript: in a deadline's burst, a tenth of the
// judge's thread, most of it the base64 of the results mails' pictures (1.1 ms a results mail). The
// mails the judge composes (mime.ts) end every line in CRLF, and seldom start one with a dot: a chunk
// that needs no change is told by a few native searches a line (0.1 ms a results mail) and passed on
// as it is; any other chunk (a line starting with a dot, a bare CR or LF) goes through nodemailer's own
// code.
import DataStream from 'nodemailer/lib/smtp-connection/data-stream.js';

const CR = 0x0d;
const LF = 0x0a;
const DOT = 0x2e;

/** What nodemailer's DataStream keeps of the stream so far (its own fields, read and written as it does). */
interface DataStreamState {
  inByteCount: number;
  outByteCount: number;
  lastByte: number | false;
  push(chunk: Buffer): boolean;
}

type Transform = (this: DataStreamState, chunk: Buffer | string, encoding: string, done: () => void) => void;

/** nodemailer's own transform, which does every chunk that needs a change. */
export const nodemailerTransform = DataStream.prototype._transform as Transform;

/**
 * Whether DataStream would pass the chunk on unchanged: every LF preceded by a CR in the chunk, as many
 * CRs as LFs (so every CR is followed by its LF), no dot after an LF, and nothing at the chunk's start
 * that depends on the chunk before (an LF, a dot, or a CR before it).
 */
export function passesUnchanged(chunk: Buffer, lastByte: number | false): boolean {
  if (chunk.length === 0 || chunk[0] === LF || chunk[0] === DOT || lastByte === CR) return false;
  let lines = 0;
  for (let at = chunk.indexOf(LF); at >= 0; at = chunk.indexOf(LF, at + 1), lines++)
    if (chunk[at - 1] !== CR || chunk[at + 1] === DOT) return false;
  let returns = 0;
  for (let at = chunk.indexOf(CR); at >= 0 && returns <= lines; at = chunk.indexOf(CR, at + 1)) returns++;
  return returns === lines;
}

/** DataStream's transform: the chunk passed on as it is when it needs no change, else nodemailer's. */
export function quickTransform(
  this: DataStreamState,
  chunk: Buffer | string,
  encoding: string,
  done: () => void,
): void {
  if (typeof chunk === 'string' || !passesUnchanged(chunk, this.lastByte)) {
    nodemailerTransform.call(this, chunk, encoding, done);
    return;
  }
  this.inByteCount += chunk.length;
  this.outByteCount += chunk.length;
  this.lastByte = chunk[chunk.length - 1];
  this.push(chunk);
  done();
}

/** Every SMTP connection of this process takes the quick way for chunks that need no change. */
export function useQuickDataStream(): void {
  DataStream.prototype._transform = quickTransform as unknown as typeof DataStream.prototype._transform;
}
