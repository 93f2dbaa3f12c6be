// Package docs holds no code: its tests hold the figures and outputs the README quotes to
// what the code gives, so that no figure is copied into the documents by hand.
package docs
