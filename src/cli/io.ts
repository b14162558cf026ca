// Where a command writes, so tests can run commands in-process and read what they printed. Kept apart
// from the commands so that declaring them (src/cli/main.ts) loads none of their code.
export interface CliIo {
  out(text: string): void;
  err(text: string): void;
  /** Sets the process exit status (1 = the command found problems). */
  exit(code: number): void;
}

export const processIo: CliIo = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  exit: (code) => {
    process.exitCode = code;
  },
};
