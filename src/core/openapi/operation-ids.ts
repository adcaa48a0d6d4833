/** `ClientsController` → `Clients`. */
function resourceOf(controllerKey: string): string {
  return controllerKey.replace(/Controller$/, '');
}

/** English singular of a plural resource name, for the names that occur in controller names. */
export function singular(noun: string): string {
  if (/ies$/.test(noun)) return noun.replace(/ies$/, 'y');
  if (/(ss|us|x|ch|sh)es$/.test(noun)) return noun.slice(0, -2);
  if (/(ss|us|is)$/.test(noun) || !noun.endsWith('s')) return noun;
  return noun.slice(0, -1);
}

/**
 * The operation id of a handler, read as a method name of a generated client: a handler named
 * with a verb and a noun (`linkAccount`, `listMyCompanies`) keeps its name; a bare verb gets the
 * controller's resource (`ClientsController.list` → `listClients`, `.get` → `getClient`).
 * Clashes are refused when the document is finished (see openapi-finish.ts).
 */
export function operationIdOf(controllerKey: string, methodKey: string): string {
  if (/[A-Z]/.test(methodKey)) return methodKey;
  const resource = resourceOf(controllerKey);
  return methodKey + (methodKey === 'list' ? resource : singular(resource));
}
