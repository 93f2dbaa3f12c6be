// Package docs holds no code: its tests hold the figures and outputs the README and the pages
// of docs/ quote to what the code gives, so that no figure is copied into the documents by
// hand, and the picture of the packages in docs/architecture.md to their imports.
package docs
