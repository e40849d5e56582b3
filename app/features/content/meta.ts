type MetaMatch = { data?: unknown } | undefined;

/** "<Page> — <studio name>" and a description; the studio comes from the shell layout's data. */
export function pageMeta(matches: readonly MetaMatch[], page: string, description: string) {
  const name = (matches[1]?.data as { studio?: { name?: string } } | undefined)?.studio?.name;
  return [{ title: name ? `${page} — ${name}` : page }, { name: "description", content: description }];
}
