// A local SMTP sink for the delivery benchmark, in a process of its own (as a machine's own mail
// server would be): it accepts every message, counts it and throws it away. Prints its port, then
// "received N" on SIGTERM.
//
// It speaks just the SMTP a sender needs (EHLO with PIPELINING, MAIL, RCPT, DATA, RSET, NOOP, QUIT) and
// finds each message's end with Buffer.indexOf, never looking at a message byte by byte: the sink shares
// the machine's two cores with the judge it measures, and a full server (smtp-server, which unstuffs
// every line in JavaScript) spent 3–4 s of CPU on a burst's 3,000 mails, a fifth of the wall time.
import { createServer } from 'node:net';

const END_OF_DATA = Buffer.from('\r\n.\r\n');
const GREETING = '220 sink ESMTP\r\n';
const EHLO = '250-sink\r\n250-PIPELINING\r\n250-8BITMIME\r\n250-SMTPUTF8\r\n250 SIZE 52428800\r\n';

let received = 0;

const server = createServer((socket) => {
  let inData = false;
  /** Command bytes not yet ended by a line break. */
  let pending = '';
  /** The last bytes of a message seen so far: its end may straddle two reads. */
  let tail = Buffer.alloc(0);

  const command = (line) => {
    const verb = line.slice(0, 4).toUpperCase();
    if (verb === 'EHLO') return EHLO;
    if (verb === 'DATA') {
      inData = true;
      tail = Buffer.from('\r\n'); // the line break that ended DATA starts the search for ".\r\n"
      return '354 end with <CRLF>.<CRLF>\r\n';
    }
    if (verb === 'QUIT') {
      socket.end('221 bye\r\n');
      return '';
    }
    if (['HELO', 'MAIL', 'RCPT', 'RSET', 'NOOP'].includes(verb)) return '250 OK\r\n';
    return '502 not implemented\r\n';
  };

  const take = (chunk) => {
    let replies = '';
    while (chunk.length) {
      if (inData) {
        const joined = tail.length ? Buffer.concat([tail, chunk.subarray(0, END_OF_DATA.length)]) : null;
        const straddling = joined ? joined.indexOf(END_OF_DATA) : -1;
        let rest;
        if (straddling >= 0) rest = straddling + END_OF_DATA.length - tail.length;
        else {
          const at = chunk.indexOf(END_OF_DATA);
          if (at < 0) {
            const kept = END_OF_DATA.length - 1;
            tail = Buffer.from((chunk.length >= kept ? chunk : Buffer.concat([tail, chunk])).subarray(-kept));
            break;
          }
          rest = at + END_OF_DATA.length;
        }
        inData = false;
        received++;
        replies += '250 OK queued\r\n';
        chunk = chunk.subarray(rest);
      } else {
        const text = pending + chunk.toString('latin1');
        const lines = text.split('\r\n');
        pending = '';
        let used = 0;
        for (let i = 0; i < lines.length - 1; i++) {
          used += lines[i].length + 2;
          replies += command(lines[i]);
          if (inData) break;
        }
        if (!inData) {
          pending = lines[lines.length - 1];
          break;
        }
        chunk = Buffer.from(text.slice(used), 'latin1');
      }
    }
    if (replies && !socket.destroyed) socket.write(replies);
  };

  socket.on('data', take);
  socket.on('error', () => socket.destroy());
  socket.write(GREETING);
});

server.listen(0, '127.0.0.1', () => console.log(`port ${server.address().port}`));
process.on('SIGTERM', () => {
  console.log(`received ${received}`);
  server.close(() => process.exit(0));
  // Pooled connections the sender left open would keep close() waiting.
  setTimeout(() => process.exit(0), 500).unref();
});
