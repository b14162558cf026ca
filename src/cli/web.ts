// `chancery web`: the read-only web site and JSON feed (src/web), from the judge's database, alone;
// `chancery run` serves the same site beside the judge when the config has web.port (startSite).
import type { Command } from 'commander';
import type { JudgeConfig } from '../config/types.js';
import type { WebServer } from '../web/server.js';

export async function startSite(
  config: JudgeConfig,
  listen: { host?: string; port?: number } = {},
): Promise<WebServer> {
  // Loaded here, not at the top: the other commands start without the web server's modules.
  const { startWebServer } = await import('../web/server.js');
  return startWebServer(config.database, {
    host: listen.host ?? config.web.host,
    port: listen.port ?? config.web.port ?? 8080,
    baseUrl: config.web.baseUrl ?? undefined,
    log: (line) => console.error(line),
  });
}

export function register(program: Command): void {
  program
    .command('web')
    .description('serve the read-only web site and JSON feed of the public games (docs/web.md)')
    .option('-c, --config <file>', 'configuration file')
    .option('--host <address>', 'address to listen on (default: web.host, or 127.0.0.1)')
    .option('--port <port>', 'port to listen on (default: web.port, or 8080)')
    .action(async (opts: { config?: string; host?: string; port?: string }) => {
      const { loadConfig } = await import('../config/load.js');
      const config = loadConfig(opts.config);
      const port = opts.port === undefined ? undefined : Number(opts.port);
      if (port !== undefined && (!Number.isInteger(port) || port < 0 || port > 65535))
        throw new Error(`--port: not a port number: ${opts.port}`);
      const site = await startSite(config, { host: opts.host, port });
      const stopped = new Promise<void>((done) => {
        const stop = () => void site.close().then(done);
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      });
      // Said once the signals are heard, as `chancery run` does.
      console.log(`chancery web: ${site.url}/ (read-only, ${config.database}); Ctrl-C or SIGTERM stops it`);
      await stopped;
    });
}
