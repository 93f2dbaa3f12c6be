package server

import (
	"embed"
	"html/template"
	"io/fs"
	"net/http"
)

//go:embed static
var staticFiles embed.FS

// static is the dashboard's script and style, served under /static/.
var static, _ = fs.Sub(staticFiles, "static")

// pages are the dashboard's page and the dojo's front page. The page holds the room's latest
// lights twice: drawn, as its board (board.go), and as data, which the script takes over, with
// the counts of those before (earlier) and the katas' scales, by which it reads and explains
// their marks (marks.go); it holds no
// script of its own, and its policy lets none run but the dashboard's: a name, even one that
// reached the page as markup, would run nothing.
var pages = template.Must(template.New("").Parse(`
{{define "room"}}<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Room}} · kata dojo</title>
<link rel="stylesheet" href="/static/dashboard.css">
<script src="/static/dashboard.js" defer></script>
</head>
<body data-events="{{.Events}}" data-lights="{{.Count}}" data-shown="{{.Shown}}">
<header>
<h1>{{.Room}} <small>kata dojo</small></h1>
<p id="status" role="status">connecting…</p>
</header>
<p class="key">Each run is a light:
<span class="light green">G</span> green, every scenario passed ·
<span class="light red">R</span> red, one failed ·
<span class="light amber">A</span> amber, the program did not get going.
A <span class="mark">✓</span> or <span class="mark wrong">✗</span> says whether the light was predicted right; under each light, its scenarios passed of those run. Hover over a light for the lines it changed; click it, or Enter on it, to review its code.</p>
<main id="board">{{if .Count}}{{.Board.HTML}}{{else}}<p class="empty">No lights yet. Participants send theirs with
<code>kata run --dojo ADDRESS --name NAME</code>, the line kata dojo serve printed.</p>{{end}}</main>
<script type="application/json" id="lights">{{.Lights}}</script>
<script type="application/json" id="earlier">{{.Board.Folded}}</script>
<script type="application/json" id="scales">{{.Scales}}</script>
<script type="application/json" id="quiet">{{.Board.Quiet}}</script>
</body>
</html>
{{end}}
{{define "home"}}<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>kata dojo</title><link rel="stylesheet" href="/static/dashboard.css"></head>
<body><h1>kata dojo</h1><p>Each room's dashboard has an address of its own, with the room's token in it: ask the facilitator for it.</p></body>
</html>
{{end}}
`))

// policy is the pages' Content-Security-Policy: their own script, style and stream, and
// nothing inline.
const policy = "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

// home is the dojo's front page: it names no room.
func (s *Server) home(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Security-Policy", policy)
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	pages.ExecuteTemplate(w, "home", nil)
}

// page is a room's dashboard: GET /rooms/NAME/TOKEN.
func (s *Server) page(w http.ResponseWriter, r *http.Request) {
	rm, ok := s.room(r)
	if !ok {
		http.Error(w, noRoom, http.StatusNotFound)
		return
	}
	w.Header().Set("Content-Security-Policy", policy)
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Referrer-Policy", "no-referrer") // the token stays on the page
	lights := s.lights(rm)
	pages.ExecuteTemplate(w, "room", map[string]any{
		"Room":   rm.name,
		"Events": "/rooms/" + rm.name + "/" + rm.token + "/events",
		"Count":  len(lights),
		"Shown":  s.shownLights,
		// The lights shown, as JSON, escaped: it cannot end its script element. A list, and
		// never null, which the script reads as one.
		"Lights": append([]Stored{}, lights[max(0, len(lights)-s.shownLights):]...),
		"Scales": s.shown,
		"Board":  newBoard(lights, s.shown, s.shownLights, s.now()),
	})
}
