/** The build tests' small apps: `files` (path → text) written into a new temporary folder, removed when the process exits. */
const fs = require('fs');
const os = require('os');
const path = require('path');

function fixtureFolder(prefix, files) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  process.on('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

module.exports = { fixtureFolder };
