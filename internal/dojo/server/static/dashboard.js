// The dashboard of a kata dojo's room: every participant's lights, in minute columns, each
// light as it comes, from the room's stream of server-sent events. Everything a participant
// names reaches the page as text (textContent), never as markup.
"use strict";

(() => {
  const letters = { green: "G", red: "R", amber: "A" };
  const people = new Map(); // name → { name, kata, lights: [], best: the best mark, if any }
  const seen = new Set(); // light ids, so that none shows twice
  let count = 0;

  const board = document.getElementById("board");
  const status = document.getElementById("status");

  // minute is a light's minute, as a number of minutes since 1970.
  const minute = (l) => Math.floor(l.at / 60000);
  const clock = (m) => {
    const d = new Date(m * 60000);
    return String(d.getHours()).padStart(2, "0") + ":" + String(d.getMinutes()).padStart(2, "0");
  };

  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  function lightEl(l) {
    const e = el("span", "run");
    e.appendChild(el("span", "light " + l.light, letters[l.light] || "?"));
    let title = `${l.kata} ${l.light} ${l.passed}/${l.total}, +${l.added} −${l.removed}, at ${new Date(l.at).toLocaleTimeString()}`;
    if (l.predicted) {
      const right = l.predicted === l.light;
      title += `, predicted ${l.predicted}`;
      e.appendChild(el("span", "mark " + (right ? "right" : "wrong"), right ? "✓" : "✗"));
    }
    e.title = title;
    e.dataset.id = l.id;
    return e;
  }

  function render() {
    pending = false;
    if (people.size === 0) return;
    const minutes = new Set();
    for (const p of people.values()) for (const l of p.lights) minutes.add(minute(l));
    const cols = [...minutes].sort((a, b) => a - b);
    const table = el("table");
    const head = el("tr");
    head.append(el("th", "who", "participant"), el("th", "kata", "kata"));
    cols.forEach((m, i) => {
      const th = el("th", "minute", clock(m));
      if (i > 0 && m - cols[i - 1] > 1) th.classList.add("gap");
      head.appendChild(th);
    });
    head.append(el("th", "runs", "runs"), el("th", "held", "predictions"));
    const graded = [...people.values()].some((p) => p.best);
    if (graded) head.appendChild(el("th", "best", "best"));
    const thead = el("thead");
    thead.appendChild(head);
    const tbody = el("tbody");
    const names = [...people.keys()].sort((a, b) => a.localeCompare(b));
    for (const name of names) {
      const p = people.get(name);
      const row = el("tr");
      row.dataset.name = name;
      row.append(el("th", "who", name), el("td", "kata", p.kata));
      const byMinute = new Map();
      for (const l of p.lights) {
        const m = minute(l);
        if (!byMinute.has(m)) byMinute.set(m, []);
        byMinute.get(m).push(l);
      }
      cols.forEach((m, i) => {
        const td = el("td", "minute");
        if (i > 0 && m - cols[i - 1] > 1) td.classList.add("gap");
        for (const l of byMinute.get(m) || []) td.appendChild(lightEl(l));
        row.appendChild(td);
      });
      const said = p.lights.filter((l) => l.predicted);
      const right = said.filter((l) => l.predicted === l.light).length;
      row.append(el("td", "runs", String(p.lights.length)), el("td", "held", said.length ? `${right} of ${said.length}` : "–"));
      if (graded) {
        const b = p.best;
        row.appendChild(el("td", "best", b ? `${b.total.toLocaleString("en")} (${b.worst} at worst)` : "–"));
      }
      tbody.appendChild(row);
    }
    table.append(thead, tbody);
    const wrap = el("div", "scroll");
    wrap.appendChild(table);
    board.replaceChildren(wrap);
    wrap.scrollLeft = wrap.scrollWidth; // the newest minute in view
    document.body.dataset.lights = String(count);
  }

  let pending = false;
  function later() {
    if (!pending) {
      pending = true;
      setTimeout(render, 50); // a burst of lights, one drawing
    }
  }

  function take(l) {
    if (seen.has(l.id)) return;
    seen.add(l.id);
    count++;
    let p = people.get(l.name);
    if (!p) {
      p = { name: l.name, kata: l.kata, lights: [] };
      people.set(l.name, p);
    }
    p.kata = l.kata;
    p.lights.push(l);
    // The best mark: the fewest guesses in all, over the most games a run of theirs played.
    const m = l.mark;
    if (m && (!p.best || m.games > p.best.games || (m.games === p.best.games && m.total < p.best.total))) {
      p.best = m;
    }
    later();
  }

  const stream = new EventSource(document.body.dataset.events);
  stream.addEventListener("light", (e) => {
    try {
      take(JSON.parse(e.data));
    } catch (err) {
      console.error("a light the page cannot read:", err);
    }
  });
  stream.addEventListener("caught-up", () => {
    status.textContent = "live";
    status.className = "live";
    document.body.dataset.live = "true";
  });
  stream.addEventListener("error", () => {
    status.textContent = "reconnecting…";
    status.className = "away";
    document.body.dataset.live = "false";
  });
})();
