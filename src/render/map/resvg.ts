// resvg, loaded without its loader's question about the C library. On Linux, @resvg/resvg-js chooses
// between its glibc and musl builds by asking Node for a whole diagnostic report
// (process.report.getReport), which took 6-8 ms of the 10-16 its loading took: in every `chancery map`
// and in every picture thread the judge starts. The glibc build is required straight away; where it
// is not installed or does not load (musl, another system), resvg's own loader chooses as before.
import { createRequire } from 'node:module';
import type * as ResvgJs from '@resvg/resvg-js';

const require = createRequire(import.meta.url);

/** What the native build exports: options go to it as JSON (resvg's loader wraps it the same way). */
interface NativeBuild {
  Resvg: new (svg: string | Buffer, options?: string) => ResvgJs.Resvg;
}

function load(): typeof ResvgJs.Resvg {
  if (process.platform === 'linux') {
    try {
      // Resolved from resvg's own folder, where npm puts its optional native builds.
      const from = createRequire(require.resolve('@resvg/resvg-js'));
      const native = from(`@resvg/resvg-js-linux-${process.arch}-gnu`) as NativeBuild;
      return class Resvg extends native.Resvg {
        constructor(svg: string | Buffer, options?: ResvgJs.ResvgRenderOptions) {
          super(svg, JSON.stringify(options));
        }
      } as unknown as typeof ResvgJs.Resvg;
    } catch {
      // Not a glibc system, or no such build: resvg's loader below.
    }
  }
  return (require('@resvg/resvg-js') as typeof ResvgJs).Resvg;
}

export const Resvg = load();
export type Resvg = ResvgJs.Resvg;
