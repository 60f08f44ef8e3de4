// Runs inside headless Chromium, inlined by record.py into every page before
// its measuring script (measure.js, hits.js, attachments.js): loads every
// @font-face on the page, then lays out each of ORACLE_CASES with the
// script's function and writes the result envelope record.py reads into
// <pre id="oracle-result">:
//   {user_agent, device_pixel_ratio, fonts: [{family, status}], results: [...], errors: [{id, error}]}
// The page must run at the device pixel ratio ORACLE_DPR says (record.py
// --scale): otherwise it measures nothing and reports a fatal error.
const TypesetPageRunner = (function () {
  'use strict';

  function runAll(measureCase) {
    const host = document.getElementById('oracle-host');
    const out = { user_agent: navigator.userAgent, device_pixel_ratio: window.devicePixelRatio,
                  fonts: [], results: [], errors: [] };
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

  // A face loads only when used: load each family (and, on options pages,
  // each face of a family: ORACLE_LOADS), wait for document.fonts.ready, then run.
  function run(measureCase) {
    if (typeof ORACLE_DPR !== 'undefined' && window.devicePixelRatio !== ORACLE_DPR) {
      document.getElementById('oracle-result').textContent = JSON.stringify({
        fatal: 'devicePixelRatio is ' + window.devicePixelRatio + ', expected ' + ORACLE_DPR });
      return;
    }
    const loads = ORACLE_FAMS.map(function (f) { return '16px "' + f + '"'; })
      .concat(typeof ORACLE_LOADS === 'undefined' ? [] : ORACLE_LOADS);
    Promise.all(loads.map(function (f) {
      return document.fonts.load(f).catch(function () { return []; });
    })).then(function () { return document.fonts.ready; })
      .then(function () { runAll(measureCase); }, function (e) {
        document.getElementById('oracle-result').textContent = JSON.stringify({ fatal: String(e) });
      });
  }

  return { run: run };
})();
