import { parseArgs } from 'node:util';

export const formFactors = ['mobile', 'desktop'] as const;
export type FormFactor = (typeof formFactors)[number];

export interface AuditOptions {
  /** Serve the existing dist/ instead of building first. */
  noBuild: boolean;
  /** Exit 1 when a page misses a goal. */
  assert: boolean;
  /** Routes or paths to audit; all public pages when undefined. */
  pages: string[] | undefined;
  formFactors: FormFactor[];
}

export const usage = `Usage: npm run audit:web -- [options]

Seeds a temporary site with the demo content, serves the production build on a free port and
runs Lighthouse and axe-core on its public pages; prints a markdown table.

  --no-build              serve the existing dist/ (default: npm run build first)
  --pages /,/forum        only these pages: routes (/forum/post/:id, /news/:id, /u/:username)
                          or real paths (/forum/post/12)
  --form-factor mobile    only mobile or only desktop (default: both)
  --assert                exit 1 when a page misses a goal
  --help                  this text
`;

function isFormFactor(value: string): value is FormFactor {
  return (formFactors as readonly string[]).includes(value);
}

/** Reads the command line; throws a one-line error on anything it does not know. */
export function parseOptions(args: string[]): AuditOptions | 'help' {
  const { values } = parseArgs({
    args,
    strict: true,
    allowPositionals: false,
    options: {
      'no-build': { type: 'boolean', default: false },
      assert: { type: 'boolean', default: false },
      pages: { type: 'string' },
      'form-factor': { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) return 'help';
  const formFactor = values['form-factor'];
  if (formFactor !== undefined && !isFormFactor(formFactor)) {
    throw new Error(`--form-factor must be ${formFactors.join(' or ')}, not '${formFactor}'`);
  }
  const pages = values.pages
    ?.split(',')
    .map((page) => page.trim())
    .filter((page) => page !== '');
  if (pages?.length === 0)
    throw new Error('--pages needs at least one page, e.g. --pages /,/forum');
  return {
    noBuild: values['no-build'],
    assert: values.assert,
    pages,
    formFactors: formFactor === undefined ? [...formFactors] : [formFactor],
  };
}
