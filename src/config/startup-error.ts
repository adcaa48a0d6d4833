/**
 * A start-up failure the operator can act on. Its message says, in one line, what failed and
 * what to do; main.ts prints it as `Start-up failed: <message>` without a stack trace.
 */
export class StartupError extends Error {}
