import ts from 'typescript';

/*
 * Which tables a source file queries, read from its syntax tree (no type checking, so it stays fast):
 * the first argument of Kysely's builder calls (`selectFrom('documents as d')`, `innerJoin(…)`,
 * `exists(selectFrom(…))` from an expression builder) and the table after FROM, JOIN, INTO, UPDATE or
 * TABLE in raw ``sql`…` `` text. Used by table-ownership.test.ts.
 */

/** Builder calls whose first argument names a table (or a list of tables). */
const tableCalls = new Set([
  'selectFrom',
  'insertInto',
  'replaceInto',
  'updateTable',
  'deleteFrom',
  'mergeInto',
  'innerJoin',
  'leftJoin',
  'rightJoin',
  'fullJoin',
  'crossJoin',
  'innerJoinLateral',
  'leftJoinLateral',
  'crossJoinLateral',
]);

/** Where a table name follows in raw SQL; the name may be quoted. */
const rawTablePosition = /\b(?:from|join|into|update|table)\s+"?([a-z_][a-z0-9_]*)"?/gi;

export interface TableReference {
  table: string;
  /** 1-based line of the reference. */
  line: number;
}

/** The table a builder argument names: `'documents as d'` → `documents`. */
function tableOfLiteral(text: string): string {
  return text.trim().split(/\s+/)[0]!;
}

function calleeName(expression: ts.Expression): string | null {
  if (ts.isIdentifier(expression)) return expression.text;
  if (ts.isPropertyAccessExpression(expression)) return expression.name.text;
  return null;
}

/**
 * The tables a parameter may name when its declared type is a string literal or a union of them
 * (`table: 'document_types' | 'products'`); null for anything else.
 */
function parameterLiterals(name: ts.Identifier): string[] | null {
  for (let node: ts.Node | undefined = name.parent; node; node = node.parent) {
    if (!ts.isFunctionLike(node)) continue;
    const parameter = node.parameters.find((candidate) => ts.isIdentifier(candidate.name) && candidate.name.text === name.text);
    if (!parameter) continue;
    const type = parameter.type;
    const members = type && ts.isUnionTypeNode(type) ? [...type.types] : type ? [type] : [];
    const literals = members.map((member) => (ts.isLiteralTypeNode(member) && ts.isStringLiteral(member.literal) ? member.literal.text : null));
    return literals.length > 0 && literals.every((literal) => literal !== null) ? (literals as string[]) : null;
  }
  return null;
}

function isSqlTag(tag: ts.Expression): boolean {
  return ts.isIdentifier(tag) && tag.text === 'sql';
}

function templateText(template: ts.TemplateLiteral): string {
  if (ts.isNoSubstitutionTemplateLiteral(template)) return template.text;
  // Substitutions become a placeholder word, so `from ${table}` names no table.
  return [template.head.text, ...template.templateSpans.map((span) => span.literal.text)].join(' ? ');
}

/**
 * The known tables a file's code queries. A builder call whose table is not a string literal is
 * reported as `?` so a computed table name cannot slip past the check.
 */
export function tableReferences(fileName: string, code: string, knownTables: ReadonlySet<string>): TableReference[] {
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: TableReference[] = [];
  const lineOf = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const add = (table: string, node: ts.Node) => {
    if (knownTables.has(table)) found.push({ table, line: lineOf(node) });
  };

  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) {
      const name = calleeName(node.expression);
      const [first] = node.arguments;
      if (name && tableCalls.has(name) && first) {
        const names = ts.isArrayLiteralExpression(first) ? [...first.elements] : [first];
        for (const argument of names) {
          if (ts.isStringLiteralLike(argument)) add(tableOfLiteral(argument.text), argument);
          else if (ts.isIdentifier(argument) && parameterLiterals(argument)) {
            for (const table of parameterLiterals(argument)!) add(table, argument);
          } else if (!ts.isArrowFunction(argument) && !ts.isFunctionExpression(argument) && !ts.isCallExpression(argument)) {
            found.push({ table: '?', line: lineOf(argument) });
          }
        }
      }
      if (ts.isPropertyAccessExpression(node.expression) && isSqlTag(node.expression.expression) && node.expression.name.text === 'table' && first && ts.isStringLiteralLike(first)) {
        add(first.text, first);
      }
    }
    if (ts.isTaggedTemplateExpression(node) && isSqlTag(node.tag)) {
      for (const match of templateText(node.template).matchAll(rawTablePosition)) add(match[1]!.toLowerCase(), node);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}
