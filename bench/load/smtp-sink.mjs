// A local SMTP sink for the delivery benchmark, in a process of its own (as a machine's own mail
// server would be): it accepts every message, counts it and throws it away. Prints its port, then
// "received N" for each 500 messages and on SIGTERM.
import { SMTPServer } from 'smtp-server';

let received = 0;
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  size: 50 * 1024 * 1024,
  onData(stream, _session, callback) {
    stream.on('end', () => {
      received++;
      callback();
    });
    stream.resume();
  },
});
server.listen(0, '127.0.0.1', () => console.log(`port ${server.server.address().port}`));
process.on('SIGTERM', () => {
  console.log(`received ${received}`);
  server.close(() => process.exit(0));
});
