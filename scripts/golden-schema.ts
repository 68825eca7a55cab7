// Prints the wire shape of a response type of the SDK's REST typings (an @wix/auto_sdk_* package's build/cjs/meta.d.ts,
// whose types carry the wire's names: `id`, `createdDate`, …), for golden fixtures of kind "schema" (tests/contract/
// README.md): keys and value types only, arrays as one element, enums and dates as strings, maps (Record) as {}.
// A type met again inside itself stops the descent there ({}).
//
//   node --import tsx scripts/golden-schema.ts node_modules/@wix/auto_sdk_ecom_cart-v-2/build/cjs/meta.d.ts GetCartResponse
import ts from "typescript";

type Shape = string | number | boolean | null | Shape[] | { [key: string]: Shape };

export function schemaShape(file: string, typeName: string): Shape {
  const program = ts.createProgram([file], { strict: true, noEmit: true });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(file);
  if (!source) throw new Error(`cannot read ${file}`);
  let found: ts.InterfaceDeclaration | undefined;
  source.forEachChild((node) => {
    if (ts.isInterfaceDeclaration(node) && node.name.text === typeName) found = node;
  });
  if (!found) throw new Error(`no interface ${typeName} in ${file}`);

  const shapeOf = (type: ts.Type, seen: readonly ts.Type[]): Shape => {
    const parts = type.isUnion() ? type.types.filter((t) => !(t.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined))) : [type];
    if (parts.length === 0) return null;
    const t = parts[0]!;
    if (parts.every((p) => p.flags & (ts.TypeFlags.StringLike | ts.TypeFlags.EnumLike))) return "string";
    if (t.flags & ts.TypeFlags.NumberLike) return 0;
    if (t.flags & ts.TypeFlags.BooleanLike) return false;
    if (t.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return {};
    const symbol = t.getSymbol()?.getName();
    if (symbol === "Date") return "string";
    if (checker.isArrayType(t)) return [shapeOf(checker.getTypeArguments(t as ts.TypeReference)[0]!, seen)];
    if (checker.getIndexInfosOfType(t).length || seen.includes(t)) return {};
    const out: Record<string, Shape> = {};
    for (const prop of checker.getPropertiesOfType(t)) {
      const decl = prop.valueDeclaration ?? prop.declarations?.[0];
      if (!decl) continue;
      out[prop.getName()] = shapeOf(checker.getTypeOfSymbolAtLocation(prop, decl), [...seen, t]);
    }
    return out;
  };
  return shapeOf(checker.getTypeAtLocation(found), []);
}

if (process.argv[1]?.endsWith("golden-schema.ts")) {
  const [file, typeName] = process.argv.slice(2);
  if (!file || !typeName) throw new Error("usage: golden-schema.ts <meta.d.ts> <ResponseType>");
  console.log(JSON.stringify(schemaShape(file, typeName), null, 2));
}
