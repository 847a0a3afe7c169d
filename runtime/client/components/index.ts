// Progressive enhancement of the MDX components in a page body (tabs,
// code groups, copy buttons, …). Pages work without it.

export function initComponents(_root: ParentNode): void {}
