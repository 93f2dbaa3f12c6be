// Validates Cucumber JSON reports as Cucumber's own validator does, and says which shape each
// is in: node validate.cjs TOOLS FILE... where TOOLS holds node_modules with
// @cucumber/cucumber-json-converter. It prints one line of JSON a file and exits 1 for a
// report the validator refuses.
const path = require("node:path");
const fs = require("node:fs");
const tools = process.argv[2];
const pkg = path.join(tools, "node_modules", "@cucumber", "cucumber-json-converter", "dist", "cjs", "src");
const { convert } = require(path.join(pkg, "index.js"));
const Ajv = require(path.join(tools, "node_modules", "ajv"));
const shapes = {
  jvm: require(path.join(pkg, "cucumber-jvm", "CucumberJvmSchema.js")).default,
  ruby: require(path.join(pkg, "cucumber-ruby", "CucumberRubySchema.js")).default,
  js: require(path.join(pkg, "cucumber-js", "CucumberJsSchema.js")).default,
};
let failed = false;
for (const file of process.argv.slice(3)) {
  const report = JSON.parse(fs.readFileSync(file, "utf8"));
  const out = { file, shapes: [] };
  for (const [name, schema] of Object.entries(shapes)) {
    if (new Ajv().compile(schema)(report)) out.shapes.push(name);
  }
  try {
    const converted = convert(report);
    out.implementation = converted.implementation;
    out.features = converted.features.length;
    out.scenarios = converted.features.reduce((n, f) => n + f.elements.length, 0);
    out.statuses = {};
    for (const f of converted.features) for (const e of f.elements) for (const s of e.steps) {
      out.statuses[s.result.status] = (out.statuses[s.result.status] || 0) + 1;
    }
  } catch (err) {
    out.error = String(err).slice(0, 2000);
    failed = true;
  }
  console.log(JSON.stringify(out));
}
process.exit(failed ? 1 : 0);
