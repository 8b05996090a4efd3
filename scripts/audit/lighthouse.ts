import { launch, type LaunchedChrome } from 'chrome-launcher';
import { writeFile } from 'node:fs/promises';
import lighthouse, { desktopConfig, type Flags, type Result } from 'lighthouse';
import { categoryIds, failedRun, summarise, type LighthouseSummary } from './lighthouse-summary.js';
import type { FormFactor } from './options.js';

export const chromiumPath = '/usr/bin/chromium';
export const chromiumFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
];

/**
 * One headless Chromium for every Lighthouse run: each run opens its own tab through the
 * DevTools port and clears the origin's storage and cache first, so every page loads cold.
 */
export function launchLighthouseChromium(): Promise<LaunchedChrome> {
  return launch({
    chromePath: chromiumPath,
    chromeFlags: chromiumFlags,
    logLevel: 'silent',
    // The script stops Chromium itself on Ctrl-C, after the server.
    handleSIGINT: false,
  });
}

/**
 * Lighthouse's own configurations: the default one is a mid-range phone on a slow 4G network
 * (simulated throttling), the desktop one a desktop on cable.
 */
async function runLighthouse(port: number, url: string, formFactor: FormFactor): Promise<Result> {
  const flags: Flags = {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...categoryIds],
  };
  const result = await lighthouse(url, flags, formFactor === 'desktop' ? desktopConfig : undefined);
  if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
  return result.lhr;
}

/**
 * Runs Lighthouse on one page and writes its full result to `file`. A page that did not load is
 * tried once more, so one dropped load does not spoil the audit; a second failure is reported.
 */
export async function auditLighthouse(
  port: number,
  url: string,
  formFactor: FormFactor,
  file: string,
): Promise<LighthouseSummary> {
  let problem = '';
  for (const attempt of [1, 2]) {
    if (attempt === 2) process.stderr.write(`  ${problem}: trying once more\n`);
    try {
      const lhr = await runLighthouse(port, url, formFactor);
      await writeFile(file, JSON.stringify(lhr));
      if (!lhr.runtimeError || attempt === 2) return summarise(lhr);
      problem = lhr.runtimeError.code;
    } catch (error) {
      problem = error instanceof Error ? error.message : String(error);
    }
  }
  return failedRun(problem);
}
