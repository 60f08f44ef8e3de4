// Runs inside headless Chromium, inlined by record.py's run_script pages
// (hits.js, attachments.js) before their script: loads every @font-face on
// the page, then lays out each of ORACLE_CASES with the script's function
// and writes the result envelope record.py reads into <pre id="oracle-result">:
//   {device_pixel_ratio, fonts: [{family, status}], results: [...], errors: [{id, error}]}
const TypesetPageRunner = (function () {
  'use strict';

  function runAll(measureCase) {
    const host = document.getElementById('oracle-host');
    const out = { device_pixel_ratio: window.devicePixelRatio, fonts: [], results: [], errors: [] };
    document.fonts.forEach(function (f) { out.fonts.push({ family: f.family, status: f.status }); });
    for (const c of ORACLE_CASES) {
      try {
        out.results.push(measureCase(c, host));
      } catch (e) {
        out.errors.push({ id: c.id, error: String(e && e.stack || e) });
      }
    }
    document.getElementById('oracle-result').textContent = JSON.stringify(out);
    document.title = 'oracle-done';
  }

  // Every face loads only when used: load each, wait for document.fonts.ready, then run.
  function run(measureCase) {
    Promise.all(ORACLE_FAMS.map(function (f) {
      return document.fonts.load('16px "' + f + '"').catch(function () { return []; });
    })).then(function () { return document.fonts.ready; })
      .then(function () { runAll(measureCase); }, function (e) {
        document.getElementById('oracle-result').textContent = JSON.stringify({ fatal: String(e) });
      });
  }

  return { run: run };
})();
