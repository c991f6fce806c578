/**
 * The game pages' script (plain ES2017, no build step). It renders the engine named in #cfg, asks the
 * simulator's server for the balance and for each round, and shows what the operator answered.
 */
export const PAGE_SCRIPT = String.raw`(function () {
  'use strict';
  var cfg = JSON.parse(document.getElementById('cfg').textContent);
  var t = cfg.t;
  var root = document.getElementById('game');
  var statusEl = document.querySelector('[data-testid="sim-status"]');
  var balanceEl = document.querySelector('[data-testid="sim-balance"]');
  var stakeEl = document.getElementById('stake');
  var busy = false;

  function el(tag, attrs, text) {
    var e = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { e.setAttribute(k, attrs[k]); });
    if (text !== undefined) e.textContent = text;
    return e;
  }
  function money(s) {
    var parts = String(s).split('.');
    return parts[0].replace(/\B(?=(\d{3})+(?!\d))/g, ',') + '.' + (parts[1] || '00');
  }
  function showBalance(b) { if (b) balanceEl.textContent = cfg.currency + ' ' + money(b); }
  function say(text, kind) {
    statusEl.className = 'status' + (kind ? ' ' + kind : '');
    statusEl.setAttribute('role', kind === 'err' ? 'alert' : 'status');
    statusEl.textContent = text;
  }
  function post(path, body) {
    body.token = cfg.token;
    body.merchant = cfg.merchant;
    return fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
      .then(function (r) { return r.json().catch(function () { return {}; }).then(function (j) { return { ok: r.ok, body: j }; }); })
      .catch(function () { return { ok: false, body: { error: 'unavailable' } }; });
  }
  function refusal(code) {
    if (code === 'insufficient_funds') return t.noFunds;
    if (code === 'play_limit_reached') return t.limit;
    if (code === 'token_expired' || code === 'invalid_token' || code === 'member_disabled' || code === 'unknown_session') return t.expired;
    if (code === 'below_min_stake') return t.minStake;
    return t.failed;
  }
  function setBusy(on) {
    busy = on;
    Array.prototype.forEach.call(root.querySelectorAll('button'), function (b) { b.disabled = on; });
  }
  function play(pick, onResult) {
    if (busy) return;
    setBusy(true);
    say(t.playing);
    post('/api/round', { stake: stakeEl.value, pick: pick })
      .then(function (res) {
        setBusy(false);
        if (!res.ok) { say(refusal(res.body.error), 'err'); return; }
        showBalance(res.body.balance);
        var prefix = onResult(res.body.detail);
        var won = res.body.win !== '0.00';
        var text = won ? t.won + ' ' + cfg.currency + ' ' + money(res.body.win) : t.noWin;
        say((prefix ? prefix + ' ' : '') + text, won ? 'win' : '');
      });
  }

  function slot() {
    var info = cfg.info;
    var grid = el('div', { class: 'reels', role: 'group', 'aria-label': cfg.game, 'data-testid': 'sim-reels' });
    var cells = [];
    for (var r = 0; r < info.rows; r++) {
      for (var c = 0; c < info.reels; c++) {
        var s = info.symbols[(c + r) % info.symbols.length];
        var cell = el('div', { class: 'cell', role: 'img', 'aria-label': s.name, style: 'color:' + s.colour }, s.glyph);
        cells.push(cell);
        grid.appendChild(cell);
      }
    }
    var spin = el('button', { type: 'button', class: 'spin', 'data-testid': 'sim-spin' }, t.spin);
    spin.addEventListener('click', function () {
      play(undefined, function (d) {
        cells.forEach(function (x) { x.classList.remove('lit'); });
        for (var c = 0; c < info.reels; c++) {
          for (var r = 0; r < info.rows; r++) {
            var s = info.symbols[d.grid[c][r]];
            var cell = cells[r * info.reels + c];
            cell.textContent = s.glyph;
            cell.setAttribute('aria-label', s.name);
            cell.style.color = s.colour;
          }
        }
        d.wins.forEach(function (w) {
          for (var c = 0; c < w.count; c++) cells[info.lines[w.line][c] * info.reels + c].classList.add('lit');
        });
      });
    });
    var pay = el('details');
    pay.appendChild(el('summary', {}, t.paytable));
    var table = el('table');
    var head = el('tr');
    ['', '×3', '×4', '×5'].forEach(function (h) { head.appendChild(el('th', { scope: 'col' }, h)); });
    table.appendChild(head);
    info.symbols.forEach(function (s) {
      var row = el('tr');
      row.appendChild(el('th', { scope: 'row', 'aria-label': s.name, style: 'color:' + s.colour }, s.glyph));
      s.pays.forEach(function (p) { row.appendChild(el('td', {}, (p / 100).toFixed(2) + '×')); });
      table.appendChild(row);
    });
    pay.appendChild(table);
    pay.appendChild(el('p', { class: 'note' }, t.paytableNote));
    root.appendChild(grid);
    root.appendChild(spin);
    root.appendChild(pay);
  }

  function picks(rules, render) {
    root.appendChild(el('p', {}, rules));
    var box = el('div', { class: 'picks', role: 'group', 'aria-label': t.pick });
    cfg.info.picks.forEach(function (p) {
      var label = (t[p.id] || p.id) + ' ' + p.odds;
      var b = el('button', { type: 'button', 'data-pick': p.id, 'aria-label': (t[p.id] || p.id) + ', ' + t.odds + ' ' + p.odds }, label);
      b.addEventListener('click', function () { play(p.id, render); });
      box.appendChild(b);
    });
    root.appendChild(box);
  }

  function cards() {
    var table = el('div', { class: 'cards', 'aria-live': 'polite' });
    var dragon = el('div', { class: 'card' }, '?');
    var tiger = el('div', { class: 'card' }, '?');
    table.appendChild(dragon);
    table.appendChild(tiger);
    picks(t.cardsRules, function (d) {
      dragon.textContent = d.dragon;
      dragon.appendChild(el('small', {}, t.dragon));
      tiger.textContent = d.tiger;
      tiger.appendChild(el('small', {}, t.tiger));
      out.textContent = t.result + ': ' + (t[d.result] || d.result);
    });
    var out = el('p', { 'data-testid': 'sim-result' });
    root.appendChild(table);
    root.appendChild(out);
  }

  function match() {
    var out = el('p', { 'data-testid': 'sim-result' });
    picks(t.matchRules, function (d) { out.textContent = t.result + ': ' + (t[d.result] || d.result); });
    root.appendChild(out);
  }

  var SVG = 'http://www.w3.org/2000/svg';
  function fishShape(colour, rem) {
    var svg = document.createElementNS(SVG, 'svg');
    svg.setAttribute('viewBox', '0 0 40 24');
    svg.setAttribute('aria-hidden', 'true');
    svg.style.width = rem * 1.6 + 'rem';
    svg.style.height = rem + 'rem';
    [['path', { d: 'M2 12 Q15 -1 29 12 Q15 25 2 12Z', fill: colour }],
     ['path', { d: 'M27 12 L39 3 L37 12 L39 21Z', fill: colour }],
     ['circle', { cx: '9', cy: '10', r: '2.2', fill: '#fff' }],
     ['circle', { cx: '9.5', cy: '10', r: '1', fill: '#111' }]].forEach(function (p) {
      var e = document.createElementNS(SVG, p[0]);
      Object.keys(p[1]).forEach(function (k) { e.setAttribute(k, p[1][k]); });
      svg.appendChild(e);
    });
    return svg;
  }

  function fish() {
    root.appendChild(el('p', {}, t.fishRules));
    var sea = el('div', { class: 'sea', role: 'group', 'aria-label': t.shoot });
    cfg.info.fish.forEach(function (f, i) {
      var b = el('button', {
        type: 'button',
        class: 'fish',
        'data-fish': String(i),
        'aria-label': t.shoot + ' ' + f.name + ', ' + t.pays + ' ' + f.multiplier + '×',
        style: 'top:' + (8 + i * 17) + '%;animation-duration:' + (9 + (i * 7) % 11) + 's;animation-delay:-' + (i * 2.3) + 's'
      });
      b.appendChild(fishShape(f.colour, 1.6 + Math.min(f.multiplier, 50) / 40));
      b.appendChild(el('span', {}, f.multiplier + '×'));
      b.addEventListener('click', function () {
        play(String(i), function (d) {
          if (!d.hit) return t.missed;
          b.classList.add('hit');
          setTimeout(function () { b.classList.remove('hit'); }, 600);
          return t.hit;
        });
      });
      sea.appendChild(b);
    });
    root.appendChild(sea);
  }

  ({ slot: slot, cards: cards, match: match, fish: fish })[cfg.kind]();
  post('/api/session', {}).then(function (res) {
    if (res.ok) showBalance(res.body.balance);
    else { balanceEl.textContent = '—'; say(refusal(res.body.error), 'err'); }
  });
})();`;
