// The names of docsc's records in an output folder: the manifest of a
// complete build and the journal of one being written. Their presence is
// what makes a folder docsc's own (output-guard.ts, write-output.ts).

export const MANIFEST_FILE = '.docsc-output.json';
export const JOURNAL_FILE = '.docsc-output.journal';
