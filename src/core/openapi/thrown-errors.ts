import { dirname, join, sep } from 'node:path';
import ts from 'typescript';
import { ERROR_STATUS, ErrorCode } from '../http/app.exception';
import { STORAGE_UNAVAILABLE, type ThrownErrors } from './declared-statuses';

/**
 * What each route handler can throw, read from the source (docs/openapi.md): every call a
 * handler makes is followed into the project's own functions, and each `AppException` it can
 * reach is recorded with its code and, where the code writes it out, its message. A handler
 * that reaches the database or the object store can also answer 503. The result is committed as
 * thrown-errors.json (the running service has no sources) and checked current by
 * thrown-errors.spec.ts; `npm run openapi:write` rewrites it.
 */

const ROOT = join(__dirname, '..', '..', '..');
const SOURCES = `${join(ROOT, 'src')}${sep}`;
const ROUTE_DECORATORS = new Set(['Get', 'Post', 'Put', 'Patch', 'Delete']);
/** AppException's factories and the code each throws; its constructor takes the code first. */
const FACTORIES: Record<string, ErrorCode> = {
  validation: 'validation_failed',
  notFound: 'not_found',
  conflict: 'conflict',
  forbidden: 'forbidden',
  unauthorized: 'unauthorized',
};
/** Code that reaches the database (whose outage the filter answers 503, databaseUnavailable). */
const DATABASE = [
  `${sep}src${sep}database${sep}db.ts`,
  // Company resources' services call their repositories through its interfaces (CompanyRows).
  `${sep}src${sep}core${sep}records${sep}company-records.ts`,
  `${sep}node_modules${sep}typeorm${sep}`,
  `${sep}node_modules${sep}@types${sep}pg${sep}`,
];
const UNAVAILABLE_MESSAGE = 'The database is unavailable; retry shortly';

type Found = Map<ErrorCode, Set<string>>;

function decoratorNames(node: ts.Node): string[] {
  return (ts.canHaveDecorators(node) ? (ts.getDecorators(node) ?? []) : []).map((decorator) => {
    const call = decorator.expression;
    return ts.isCallExpression(call) ? call.expression.getText() : call.getText();
  });
}

/**
 * A message as written: a literal, a constant holding one, or a template with `…` for what is
 * filled in at run time.
 */
function messageOf(node: ts.Expression | undefined, checker: ts.TypeChecker): string {
  if (!node) return '';
  if (ts.isIdentifier(node)) {
    const declaration = checker.getSymbolAtLocation(node)?.valueDeclaration;
    const initializer = declaration && ts.isVariableDeclaration(declaration) ? declaration.initializer : undefined;
    return initializer && ts.isStringLiteralLike(initializer) ? initializer.text : '';
  }
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node))
    return node.head.text + node.templateSpans.map((span) => `…${span.literal.text}`).join('');
  return '';
}

/** Codes by status, then name; each code's messages sorted. */
const listed = (found: Found) =>
  Object.fromEntries(
    [...found]
      .sort(([a], [b]) => ERROR_STATUS[a] - ERROR_STATUS[b] || a.localeCompare(b))
      .map(([code, messages]) => [code, [...messages].sort()]),
  );

class Analysis {
  private readonly checker: ts.TypeChecker;
  private readonly memo = new Map<ts.Node, Found>();

  constructor(private readonly program: ts.Program) {
    this.checker = program.getTypeChecker();
  }

  handlers(): ThrownErrors {
    const result: ThrownErrors = {};
    for (const file of this.program.getSourceFiles()) {
      if (!file.fileName.startsWith(SOURCES.split(sep).join('/')) || !file.fileName.endsWith('.controller.ts'))
        continue;
      for (const statement of file.statements) {
        if (!ts.isClassDeclaration(statement) || !statement.name) continue;
        if (!decoratorNames(statement).includes('Controller')) continue;
        const methods = statement.members.filter(
          (member): member is ts.MethodDeclaration => ts.isMethodDeclaration(member) && !!member.body,
        );
        for (const member of methods) {
          if (!decoratorNames(member).some((name) => ROUTE_DECORATORS.has(name))) continue;
          result[`${statement.name.text}.${member.name.getText()}`] = listed(this.reach(member));
        }
        // RecordRoutes' and AnalysisRoutes' handlers are made at run time; each calls one method of the provider.
        const generated = this.generatedRoutesOf(statement);
        for (const [route, method] of generated?.routes ?? []) {
          result[`${statement.name.text}.${route}`] = listed(this.reachMethod(generated!.provider, method));
        }
      }
    }
    return Object.fromEntries(Object.entries(result).sort(([a], [b]) => a.localeCompare(b)));
  }

  /**
   * The routes of a controller that `extends RecordRoutes({ service, list: …, transitions: … })`,
   * `AnalysisRoutes({ reader, name, … })` or `ReportRoute({ reports, … })`: the provider's
   * expression, and each route's handler name with the provider method it calls.
   */
  private generatedRoutesOf(
    controller: ts.ClassDeclaration,
  ): { provider: ts.Expression; routes: [string, string][] } | undefined {
    const base = controller.heritageClauses?.flatMap((clause) => clause.types)[0]?.expression;
    if (!base || !ts.isCallExpression(base)) return undefined;
    const [declaration] = base.arguments;
    if (!declaration || !ts.isObjectLiteralExpression(declaration)) return undefined;
    const property = (name: string) =>
      declaration.properties.find(
        (candidate): candidate is ts.PropertyAssignment =>
          ts.isPropertyAssignment(candidate) && candidate.name.getText() === name,
      )?.initializer;
    const names = (expression: ts.Expression | undefined) =>
      expression
        ? this.checker
            .getTypeAtLocation(expression)
            .getProperties()
            .map((symbol) => symbol.name)
        : [];
    switch (base.expression.getText()) {
      case 'RecordRoutes': {
        const routes: [string, string][] = ['list', 'create', 'get', 'update', 'delete']
          .filter((name) => property(name))
          .map((name) => [name, name]);
        for (const transition of names(property('transitions'))) routes.push([transition, 'setStatus']);
        return { provider: property('service')!, routes };
      }
      case 'AnalysisRoutes': {
        const name = property('name');
        if (!name || !ts.isStringLiteral(name)) throw new Error(`${controller.name?.text}: AnalysisRoutes name`);
        return {
          provider: property('reader')!,
          routes: [
            [`get${name.text}Summary`, 'summary'],
            [`get${name.text}Grouped`, 'grouped'],
          ],
        };
      }
      case 'ReportRoute':
        return { provider: property('reports')!, routes: [['generate', 'generate']] };
      default:
        return undefined;
    }
  }

  /** The errors a function can throw, itself or through what it calls (cycles end where they start). */
  private reach(declaration: ts.Node): Found {
    const known = this.memo.get(declaration);
    if (known) return known;
    const found: Found = new Map();
    this.memo.set(declaration, found);
    const add = (code: ErrorCode, message: string) => found.set(code, (found.get(code) ?? new Set()).add(message));
    const visit = (node: ts.Node): void => {
      if (ts.isNewExpression(node) && this.isAppException(node.expression)) {
        const code = node.arguments?.[0];
        if (code && ts.isStringLiteral(code) && code.text in ERROR_STATUS) {
          add(code.text as ErrorCode, messageOf(node.arguments?.[1], this.checker));
        }
      } else if (ts.isNewExpression(node) && node.expression.getText() === 'StorageUnavailableError') {
        add('service_unavailable', STORAGE_UNAVAILABLE);
      }
      if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
        const factory = FACTORIES[node.expression.name.text];
        if (factory && this.isAppException(node.expression.expression)) {
          const message = messageOf(node.arguments[factory === 'validation_failed' ? 1 : 0], this.checker);
          add(factory, factory === 'not_found' && message ? `${message} not found` : message);
          return;
        }
      }
      if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
        const callee = this.checker.getResolvedSignature(node)?.declaration;
        if (callee) {
          for (const [code, messages] of this.reachCallee(callee)) for (const message of messages) add(code, message);
        }
      }
      ts.forEachChild(node, visit);
    };
    ts.forEachChild(declaration, visit);
    return found;
  }

  /** What a call of `callee` can throw: 503 where it reaches the database, and what its body throws. */
  private reachCallee(callee: ts.Declaration): Found {
    const file = callee.getSourceFile().fileName.split('/').join(sep);
    const found: Found = new Map();
    if (DATABASE.some((part) => file.includes(part))) found.set('service_unavailable', new Set([UNAVAILABLE_MESSAGE]));
    if (file.startsWith(SOURCES) && !ts.isJSDocSignature(callee)) {
      for (const [code, messages] of this.reach(callee)) {
        found.set(code, new Set([...(found.get(code) ?? []), ...messages]));
      }
    }
    return found;
  }

  /** What a call of the method `name` of the instances of the class `service` names can throw. */
  private reachMethod(service: ts.Expression, name: string): Found {
    const [construct] = this.checker.getTypeAtLocation(service).getConstructSignatures();
    const method = construct?.getReturnType().getProperty(name)?.valueDeclaration;
    if (!method) throw new Error(`${service.getText()} has no method ${name}`);
    return this.reachCallee(method);
  }

  private isAppException(expression: ts.Expression): boolean {
    let symbol = this.checker.getSymbolAtLocation(expression);
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = this.checker.getAliasedSymbol(symbol);
    return symbol?.name === 'AppException';
  }
}

/** Runs the analysis over the project's sources (a few seconds: it builds the TypeScript program). */
export function analyseThrownErrors(): ThrownErrors {
  const configPath = join(ROOT, 'tsconfig.json');
  const config = ts.getParsedCommandLineOfConfigFile(
    configPath,
    { incremental: false },
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  )!;
  const rootNames = config.fileNames.filter((file) => file.startsWith(SOURCES.split(sep).join('/')));
  const program = ts.createProgram({ rootNames, options: config.options });
  return new Analysis(program).handlers();
}

export const THROWN_ERRORS_FILE = join(dirname(__filename), 'thrown-errors.json');
