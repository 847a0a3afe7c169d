// The words, names and code samples the corpus generator draws from: the
// vocabulary of a made-up developer product. Prose uses letters only, so no
// generated text can contain MDX syntax (`<`, `{`) by accident.

export const NOUNS = words(
  'account agent alert api app archive audit backup batch billing branch bucket build cache certificate channel client cluster collection config connection connector console container credential customer dashboard database dataset deployment device domain endpoint environment event export feature field file filter flag function gateway group hook identity image import incident index instance integration invoice job key label limit log member message metric migration model monitor namespace network node notification organization package page partition payment permission pipeline plan plugin policy pool project queue quota record region release replica report repository request resource response role route rule runtime schema secret segment server service session setting snapshot source stream subscription table task team template tenant token topic trace trigger upload user variable version volume webhook workflow workspace zone',
);

export const VERBS = words(
  'add archive authenticate configure connect create debug delete deploy disable enable export filter import inspect install invite list manage migrate monitor publish query receive remove rename restore retry rotate schedule secure send share sync test track troubleshoot update upgrade verify view',
);

export const ADJECTIVES = words(
  'active advanced automatic basic custom default dedicated encrypted external global hosted incoming internal large live local managed multiple new outgoing paginated private public regional remote scheduled secure shared single staging static temporary verified',
);

export const FILLERS = words(
  'the a each every your this that when then before after with without for from to in on by and or but is are can should must may will only also once again first next',
);

export const ICONS = words(
  'rocket book book-open code gear key bolt shield database cloud terminal plug chart-line users lock bell globe wrench flag cube layer-group server file-lines magnifying-glass circle-info star',
);

export const TAGS = words('NEW BETA UPDATED DEPRECATED');

export const TAB_NAMES = words('Guides Platform Integrations SDKs Tutorials Administration Security Analytics Deployment Data Billing Changelog');

export const CALLOUTS = words('Note Tip Warning Info Check');

export const PARAM_LOCATIONS = words('path query body header');

export const FIELD_TYPES = words('string integer boolean number object string[] enum');

/** Code fence languages, with a file name for the `title` meta and a body template. */
export interface CodeSample {
  lang: string;
  file: string;
  lines: (noun: string, verb: string) => string[];
}

export const CODE_SAMPLES: readonly CodeSample[] = [
  {
    lang: 'bash',
    file: 'Terminal',
    lines: (noun, verb) => [
      `curl -X POST https://api.example.com/v2/${noun}s \\`,
      '  -H "Authorization: Bearer $API_KEY" \\',
      `  -d '{"action": "${verb}"}'`,
    ],
  },
  {
    lang: 'javascript',
    file: 'index.js',
    lines: (noun, verb) => [
      "import { Client } from '@example/sdk';",
      '',
      'const client = new Client({ apiKey: process.env.API_KEY });',
      `const ${noun} = await client.${noun}s.${verb}({ id: '${noun}_123' });`,
      `console.log(${noun}.id);`,
    ],
  },
  {
    lang: 'python',
    file: 'main.py',
    lines: (noun, verb) => [
      'from example import Client',
      '',
      'client = Client(api_key=os.environ["API_KEY"])',
      `${noun} = client.${noun}s.${verb}(id="${noun}_123")`,
      `print(${noun}.id)`,
    ],
  },
  {
    lang: 'json',
    file: 'response.json',
    lines: (noun, verb) => ['{', `  "id": "${noun}_123",`, `  "object": "${noun}",`, `  "status": "${verb}ed",`, '  "created": 1718000000', '}'],
  },
  {
    lang: 'yaml',
    file: 'config.yaml',
    lines: (noun, verb) => [`${noun}:`, '  enabled: true', `  mode: ${verb}`, '  retries: 3', '  timeout: 30s'],
  },
  {
    lang: 'go',
    file: 'main.go',
    lines: (noun, verb) => [
      'client := example.NewClient(os.Getenv("API_KEY"))',
      `${noun}, err := client.${capitalize(noun)}s.Get(ctx, "${noun}_123")`,
      'if err != nil {',
      `\tlog.Fatalf("could not ${verb}: %v", err)`,
      '}',
    ],
  },
];

/** A list written as one space-separated string, to keep this file short. */
function words(list: string): readonly string[] {
  return list.split(' ');
}

export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** English plural of a vocabulary noun: `policy` → `policies`, `box` → `boxes`. */
export function plural(noun: string): string {
  if (/[^aeiou]y$/.test(noun)) return `${noun.slice(0, -1)}ies`;
  return /(s|x|ch|sh)$/.test(noun) ? `${noun}es` : `${noun}s`;
}
