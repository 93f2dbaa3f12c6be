// The dashboard of a kata dojo's room: every participant's lights, in minute columns, each
// light as it comes, from the room's stream of server-sent events. Everything a participant
// names reaches the page as text (textContent), never as markup.
//
// The server draws the room's latest lights into the page (board.go), as this script would,
// and gives it the same lights as data, with the counts of those before: the script takes the
// table over as it is, writes its times in the browser's clock, and then adds each new light
// where it goes — a light, a column for a new minute, a row for a new participant — without
// drawing the room again, however many lights it holds. It shows as many lights one by one as
// the server does (the body's data-shown): as one comes past them, the oldest is folded into
// its participant's counts in the column earlier, as the server folds it, so that a page open
// all day stays as small as a new one. It reconnects by itself after any break, whatever the server replied, and
// asks only for the lights after the last it has. The page gives it, as data, the scale of
// each kata whose runs carry a mark: how many games a whole mark is over, and the note that
// says, under the table, what a mark counts and beside what.
"use strict";

(() => {
  const letters = { green: "G", red: "R", amber: "A" };
  // name → { name, kata, lights (those shown), earlier (green, red and amber: the counts of
  // those folded), total, said, right, best (the best mark, if any, and whether it is whole),
  // and once drawn: row, cells (minute → cell), kata, earlier, runs, held and best cells }
  const people = new Map();
  const noted = new Set(); // the katas whose note is under the table: any with a mark
  const shown = []; // the lights shown one by one, oldest first
  const perMinute = new Map(); // minute → how many of them it holds
  const most = Number(document.body.dataset.shown) || 500; // how many are shown, as the server's
  let folded = false; // some lights are counted in the column earlier
  let count = 0;
  let last = 0; // the id of the last light taken, for a reconnection
  let drawn = false; // the room is on the page: new lights are added to it
  let cols = []; // the minutes with a column, in order
  let graded = false; // the table has the column of best marks
  let head = null, tbody = null, wrap = null;

  const board = document.getElementById("board");
  // kata → { games, note }: the scales of the katas with marks, as the server gives them.
  const scales = new Map(Object.entries(data("scales", {})));
  const status = document.getElementById("status");
  const trouble = document.createElement("p");
  trouble.id = "trouble";
  trouble.setAttribute("role", "alert");
  trouble.hidden = true;
  status.after(trouble);

  // minute is a light's minute, as a number of minutes since 1970.
  const minute = (l) => Math.floor(l.at / 60000);
  const clock = (m) => {
    const d = new Date(m * 60000);
    return String(d.getHours()).padStart(2, "0") + ":" + String(d.getMinutes()).padStart(2, "0");
  };

  // data is the page's data of the given id, or none where it cannot be read.
  function data(id, none) {
    try {
      return JSON.parse(document.getElementById(id).textContent);
    } catch (err) {
      console.error(`the page's ${id} cannot be read:`, err);
      return none;
    }
  }

  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  // lightEl is a light: its shape and letter, the prediction's mark beside it, and its
  // counts under it; the rest of it on hover.
  function lightEl(l) {
    const e = el("span", "run");
    const top = el("span", "top");
    top.appendChild(el("span", "light " + l.light, letters[l.light] || "?"));
    if (l.predicted) {
      const right = l.predicted === l.light;
      top.appendChild(el("span", "mark " + (right ? "right" : "wrong"), right ? "✓" : "✗"));
    }
    e.append(top, el("span", "count", `${l.passed}/${l.total}`));
    e.title = titleOf(l);
    e.dataset.id = l.id;
    e.tabIndex = 0;
    e.setAttribute("role", "button");
    return e;
  }

  // titleOf is what hovering over a light says.
  function titleOf(l) {
    const t = `${l.kata} ${l.light} ${l.passed}/${l.total}, +${l.added} −${l.removed}, at ${new Date(l.at).toLocaleTimeString()}`;
    return l.predicted ? `${t}, predicted ${l.predicted}` : t;
  }

  // minuteCell is a participant's cell, or the head's, for minute m, after the minute prev.
  // A gap between columns is minutes with no light: its head says how long the room was quiet.
  function minuteCell(tag, m, prev) {
    const c = el(tag, "minute", tag === "th" ? clock(m) : undefined);
    if (tag === "th") c.dataset.minute = m;
    if (prev !== undefined && m - prev > 1) {
      c.classList.add("gap");
      if (tag === "th") c.dataset.quiet = `${m - prev - 1} min quiet`;
    }
    return c;
  }

  // compareNames orders participants' rows as the server does (board.go): by name with A to Z
  // as a to z, then by name, each in UTF-16 code units.
  const fold = (s) => s.replace(/[A-Z]/g, (c) => c.toLowerCase());
  const byUnits = (a, b) => (a < b ? -1 : a > b ? 1 : 0);
  const compareNames = (a, b) => byUnits(fold(a), fold(b)) || byUnits(a, b);

  // above reports whether the mark b ranks above the mark than, which may be none: the mark
  // over more games, then the one of fewer guesses, as the server's (board.go). A whole mark
  // is over the most games there are, so that it ranks above any over fewer.
  function above(b, than) {
    if (!than) return true;
    if (b.mark.games !== than.mark.games) return b.mark.games > than.mark.games;
    return b.mark.total < than.mark.total;
  }

  // bestText writes a best mark as the server does: over fewer games than a whole mark, with
  // how many.
  function bestText(b) {
    const m = b.mark;
    const total = m.total.toLocaleString("en");
    if (b.whole) return `${total} (${m.worst} at worst)`;
    return `${total} over ${m.games.toLocaleString("en")} ${m.games === 1 ? "game" : "games"} (${m.worst} at worst)`;
  }

  // tallies are the lights the column earlier counts, in its order, as the server's.
  const tallies = ["green", "red", "amber"];

  // fillEarlier writes a participant's counts of the lights folded into their cell of the
  // column earlier, as the server writes them.
  function fillEarlier(td, p) {
    const parts = tallies.filter((t) => p.earlier[t]).map((t) => `${p.earlier[t]} ${t}`);
    td.title = parts.length ? "runs before those shown: " + parts.join(", ") : "no runs before those shown";
    td.replaceChildren(...tallies.filter((t) => p.earlier[t]).map((t) => el("span", "tally " + t, String(p.earlier[t]))));
  }

  // noteEl is the note under the table that says what a mark counts on a kata.
  function noteEl(kata) {
    const n = el("p", "scale", scales.get(kata).note);
    n.dataset.kata = kata;
    return n;
  }

  // tally writes a participant's counts and best mark into their row.
  function tally(p) {
    p.runs.textContent = String(p.total);
    p.held.textContent = p.said ? `${p.right} of ${p.said}` : "–";
    if (p.bestCell) {
      p.bestCell.textContent = p.best ? bestText(p.best) : "–";
    }
  }

  // rowOf makes a participant's row, with a cell for each minute there is.
  function rowOf(p) {
    const row = el("tr");
    row.dataset.name = p.name;
    p.row = row;
    p.kataCell = el("td", "kata", p.kata);
    row.append(el("th", "who", p.name), p.kataCell);
    p.earlierCell = null;
    if (folded) {
      p.earlierCell = el("td", "earlier");
      fillEarlier(p.earlierCell, p);
      row.appendChild(p.earlierCell);
    }
    p.cells = new Map();
    cols.forEach((m, i) => {
      const td = minuteCell("td", m, cols[i - 1]);
      p.cells.set(m, td);
      row.appendChild(td);
    });
    p.runs = el("td", "runs");
    p.held = el("td", "held");
    row.append(p.runs, p.held);
    p.bestCell = graded ? el("td", "best") : null;
    if (p.bestCell) row.appendChild(p.bestCell);
    for (const l of p.lights) p.cells.get(minute(l)).appendChild(lightEl(l));
    tally(p);
    return row;
  }

  // draw draws the whole room, as the server does: only for the first light of an empty room,
  // one out of its minutes' order, the first mark of a kata, the first light folded into the
  // column earlier, or one whose minute it leaves empty.
  function draw() {
    drawn = true;
    if (people.size === 0) return;
    cols = [...perMinute.keys()].sort((a, b) => a - b);
    graded = [...people.values()].some((p) => p.best);
    const table = el("table");
    head = el("tr");
    head.append(el("th", "who", "participant"), el("th", "kata", "kata"));
    if (folded) head.appendChild(el("th", "earlier", "earlier"));
    cols.forEach((m, i) => head.appendChild(minuteCell("th", m, cols[i - 1])));
    head.append(el("th", "runs", "runs"), el("th", "held", "predictions"));
    if (graded) head.appendChild(el("th", "best", "best"));
    const thead = el("thead");
    thead.appendChild(head);
    tbody = el("tbody");
    for (const name of [...people.keys()].sort(compareNames)) tbody.appendChild(rowOf(people.get(name)));
    table.append(thead, tbody);
    wrap = el("div", "scroll");
    wrap.appendChild(table);
    board.replaceChildren(wrap, ...[...noted].sort(compareNames).map(noteEl));
    wrap.scrollLeft = wrap.scrollWidth; // the newest minute in view
  }

  // addColumn adds a column for minute m, the latest, to the head and to every row.
  function addColumn(m) {
    const prev = cols[cols.length - 1];
    cols.push(m);
    head.insertBefore(minuteCell("th", m, prev), head.querySelector("th.runs"));
    for (const p of people.values()) {
      if (!p.row) continue;
      const td = minuteCell("td", m, prev);
      p.cells.set(m, td);
      p.row.insertBefore(td, p.runs);
    }
  }

  // place puts a new light on the room as drawn: in its participant's row, in its minute.
  function place(l, p, newNote) {
    const m = minute(l);
    const latest = cols.length === 0 || m >= cols[cols.length - 1];
    if (!tbody || (!latest && !cols.includes(m)) || (p.best && !graded) || newNote) {
      draw(); // the first light, one out of order, or the first mark of a kata: drawn anew
      return;
    }
    if (!cols.includes(m)) addColumn(m);
    if (!p.row) {
      const row = rowOf(p);
      const next = [...tbody.children].find((r) => compareNames(r.dataset.name, p.name) > 0);
      tbody.insertBefore(row, next || null);
      return;
    }
    p.kataCell.textContent = p.kata;
    p.cells.get(m).appendChild(lightEl(l));
    tally(p);
    if (wrap.scrollWidth - wrap.clientWidth - wrap.scrollLeft < 80) wrap.scrollLeft = wrap.scrollWidth;
  }

  // person is the participant of the given name, made where new.
  function person(name, kata) {
    let p = people.get(name);
    if (!p) {
      p = { name, kata, lights: [], earlier: {}, total: 0, said: 0, right: 0 };
      people.set(name, p);
    }
    p.kata = kata;
    return p;
  }

  // mark counts mark, of a run of p's on kata, toward p's best, and reports whether it is the
  // first mark of a kata with a note: the best mark is over the most games a run of theirs
  // played, a whole one above any over fewer, then the fewest guesses in all.
  function mark(p, kata, m) {
    const scale = scales.get(kata);
    const b = { mark: m, whole: !!scale && m.games === scale.games };
    if (above(b, p.best)) p.best = b;
    if (!scale || noted.has(kata)) return false;
    noted.add(kata);
    return true;
  }

  function take(l) {
    if (l.id <= last) return; // every light comes once, in the order the room took them
    last = l.id;
    count++;
    const p = person(l.name, l.kata);
    p.total++;
    if (l.predicted) {
      p.said++;
      if (l.predicted === l.light) p.right++;
    }
    p.lights.push(l);
    shown.push(l);
    perMinute.set(minute(l), (perMinute.get(minute(l)) || 0) + 1);
    const newNote = !!l.mark && mark(p, l.kata, l.mark);
    if (drawn) {
      place(l, p, newNote);
      trouble.hidden = true; // a light kept: the server keeps lights again
      document.body.dataset.trouble = "false";
    }
    foldOldest();
    document.body.dataset.lights = String(count);
  }

  // foldOldest folds the oldest lights shown, past the most the page shows, into their
  // participants' counts in the column earlier: their elements go, and a column they leave
  // empty, as the server would not draw it.
  function foldOldest() {
    let again = false; // the room is drawn anew once all are folded
    while (shown.length > most) {
      const l = shown.shift();
      const p = people.get(l.name);
      p.lights.splice(p.lights.indexOf(l), 1);
      if (tallies.includes(l.light)) p.earlier[l.light] = (p.earlier[l.light] || 0) + 1;
      const m = minute(l);
      const left = perMinute.get(m) - 1;
      if (left) perMinute.set(m, left);
      else perMinute.delete(m);
      const first = !folded;
      folded = true;
      if (!drawn || !tbody || again) continue;
      if (first || !left) {
        again = true; // the column earlier to add, or an empty minute's to take away
        continue;
      }
      p.cells.get(m).querySelector(`[data-id="${l.id}"]`)?.remove();
      fillEarlier(p.earlierCell, p);
    }
    if (again) draw();
  }

  // adopt takes over the room as the server drew it: the lights it holds as data, and the
  // table's elements, whose times it writes again in the browser's clock.
  function adopt() {
    for (const f of data("earlier", [])) {
      const p = person(f.name, f.kata);
      for (const t of tallies) p.earlier[t] = f[t] || 0;
      const n = tallies.reduce((sum, t) => sum + p.earlier[t], 0);
      p.total += n;
      count += n;
      p.said += f.said;
      p.right += f.right;
      if (f.mark) mark(p, f.kata, f.mark);
      folded = true;
    }
    // The runs of the participants gone quiet, whom the server gave no row: counted, not
    // drawn. One who comes back gets a row, of their runs from then on until a reload.
    count += data("quiet", { runs: 0 }).runs || 0;
    const lights = data("lights", []);
    for (const l of lights) take(l);
    drawn = true;
    const table = board.querySelector("table");
    if (!table) {
      if (people.size) draw(); // lights the server did not draw: drawn here
      return;
    }
    wrap = board.querySelector("div.scroll");
    head = table.querySelector("thead tr");
    tbody = table.querySelector("tbody");
    graded = head.querySelector("th.best") !== null;
    for (const n of board.querySelectorAll("p.scale")) noted.add(n.dataset.kata);
    const ths = [...head.querySelectorAll("th.minute")];
    cols = ths.map((th) => Number(th.dataset.minute));
    ths.forEach((th, i) => (th.textContent = clock(cols[i])));
    for (const row of tbody.children) {
      const p = people.get(row.dataset.name);
      if (!p) continue;
      p.row = row;
      p.kataCell = row.querySelector("td.kata");
      p.earlierCell = row.querySelector("td.earlier");
      const tds = [...row.querySelectorAll("td.minute")];
      p.cells = new Map(cols.map((m, i) => [m, tds[i]]));
      p.runs = row.querySelector("td.runs");
      p.held = row.querySelector("td.held");
      p.bestCell = row.querySelector("td.best");
    }
    const byId = new Map(lights.map((l) => [String(l.id), l]));
    for (const e of board.querySelectorAll(".run")) {
      const l = byId.get(e.dataset.id);
      if (l) e.title = titleOf(l);
    }
    wrap.scrollLeft = wrap.scrollWidth; // the newest minute in view
  }

  const away = (text) => {
    status.textContent = text;
    status.className = "away";
    document.body.dataset.live = "false";
  };

  // connect opens the room's stream, from the light after the last the page has. A stream
  // that the browser gives up on — the server replied with an error, a proxy with a 502 — is
  // opened again, a little later each time, up to ten seconds.
  let wait = 1000;
  function connect() {
    const url = document.body.dataset.events + (last ? "?after=" + last : "");
    const stream = new EventSource(url);
    stream.addEventListener("light", (e) => {
      try {
        take(JSON.parse(e.data));
      } catch (err) {
        console.error("a light the page cannot read:", err);
      }
    });
    stream.addEventListener("caught-up", () => {
      wait = 1000;
      status.textContent = "live";
      status.className = "live";
      document.body.dataset.live = "true";
    });
    stream.addEventListener("trouble", (e) => {
      let t = {};
      try {
        t = JSON.parse(e.data);
      } catch (err) {
        console.error("trouble the page cannot read:", err);
      }
      trouble.textContent = `${new Date(t.at).toLocaleTimeString()}: ${t.error} — participants' lights are not kept; tell the facilitator.`;
      trouble.hidden = false;
      document.body.dataset.trouble = "true";
    });
    stream.addEventListener("error", () => {
      away("reconnecting…");
      if (stream.readyState === EventSource.CLOSED) {
        setTimeout(connect, wait);
        wait = Math.min(wait * 2, 10000);
      }
    });
  }
  // The review: a light's code, beside the board, which goes on updating behind it. Clicking a
  // light, or Enter on it, opens it; previous and next step through the participant's lights;
  // Escape or close returns to the board. It asks the server for the one light shown, and
  // writes its code as text (textContent): nothing in a file runs on this page.
  const review = el("aside", "review");
  review.id = "review";
  review.hidden = true;
  review.setAttribute("aria-label", "review of a light");
  document.body.appendChild(review);
  let opener = null; // the light the review was opened from, to return to
  let asked = 0; // the light last asked for: an answer for another is old

  async function openReview(id) {
    asked = id;
    let rv;
    try {
      const resp = await fetch(document.body.dataset.events.replace(/\/events$/, "/lights/" + id), { cache: "no-store" });
      rv = await resp.json();
      if (!resp.ok) throw new Error(rv.error || resp.statusText);
    } catch (err) {
      if (asked !== id) return;
      review.replaceChildren(el("p", "review-error", `The light cannot be read: ${err.message}`), closeButton());
      review.hidden = false;
      return;
    }
    if (asked !== id) return;
    showReview(rv);
  }

  function closeButton() {
    const b = el("button", "close", "close");
    b.type = "button";
    b.addEventListener("click", closeReview);
    return b;
  }

  function closeReview() {
    review.hidden = true;
    review.replaceChildren();
    document.body.classList.remove("reviewing");
    if (opener && document.contains(opener)) opener.focus();
  }

  function stepButton(label, id) {
    const b = el("button", "step", label);
    b.type = "button";
    b.disabled = !id;
    if (id) b.addEventListener("click", () => openReview(id));
    return b;
  }

  // diffEl is a file's unified diff, each line marked as a diff viewer marks it.
  function diffEl(d) {
    const pre = el("pre", "diff");
    for (const line of d.unified.replace(/\n$/, "").split("\n")) {
      let cls = "ctx";
      if (line.startsWith("+++") || line.startsWith("---")) cls = "head";
      else if (line.startsWith("@@")) cls = "hunk";
      else if (line.startsWith("+")) cls = "add";
      else if (line.startsWith("-")) cls = "del";
      pre.appendChild(el("span", "line " + cls, line + "\n"));
    }
    return pre;
  }

  // timeOf is a light's time of day, as the board's columns write theirs: 09:31:20.
  function timeOf(at) {
    const d = new Date(at);
    return [d.getHours(), d.getMinutes(), d.getSeconds()].map((n) => String(n).padStart(2, "0")).join(":");
  }

  function showReview(rv) {
    const head = el("header", "review-head");
    const title = el("h2", null);
    title.append(el("span", "light " + rv.light, letters[rv.light] || "?"), ` ${rv.name} · ${rv.kata} · ${rv.passed}/${rv.total} · ${timeOf(rv.at)}`);
    const nav = el("nav", "review-nav");
    nav.append(stepButton("← previous", rv.prev), stepButton("next →", rv.next), closeButton());
    head.append(title, nav);
    const body = [head];
    if (!rv.sent) {
      body.push(el("p", "review-none", "This light came without its code: the participant keeps it home (--no-code), or the run kept none."));
    } else {
      body.push(el("h3", null, rv.prev && !rv.before ? "Changes: the light before came without its code" : rv.prev ? "Changes since the light before" : "Changes: the participant's first light"));
      if (rv.diff.length === 0 && (rv.before || !rv.prev)) body.push(el("p", "review-none", "No file changed."));
      for (const d of rv.diff) {
        const sec = el("section", "file");
        sec.append(el("h4", null, `${d.path}  +${d.added} −${d.removed}`), diffEl(d));
        body.push(sec);
      }
      body.push(el("h3", null, "The files at this light"));
      for (const f of rv.files) {
        const det = el("details", "file");
        det.append(el("summary", null, f.path), el("pre", "text", f.text));
        body.push(det);
      }
      if (rv.cut.length) body.push(el("p", "review-none", `Not brought (not text, or past the room's 256 KiB a light): ${rv.cut.join(", ")}`));
    }
    review.replaceChildren(...body);
    review.dataset.id = rv.id;
    review.hidden = false;
    document.body.classList.add("reviewing");
    review.querySelector("button.close").focus();
  }

  board.addEventListener("click", (e) => {
    const run = e.target.closest(".run[data-id]");
    if (!run) return;
    opener = run;
    openReview(Number(run.dataset.id));
  });
  board.addEventListener("keydown", (e) => {
    const run = e.target.closest(".run[data-id]");
    if (!run || (e.key !== "Enter" && e.key !== " ")) return;
    e.preventDefault();
    opener = run;
    openReview(Number(run.dataset.id));
  });
  document.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && !review.hidden) closeReview();
  });

  adopt();
  connect();
})();
