package web_test

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"testing"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"fray/internal/qrread"
)

// seatRow is the selector of a seat's row in the links panel, among the
// player characters' or the other combatants'.
func seatRow(combatant string) string {
	return fmt.Sprintf(`#joins-panel li[data-combatant=%q]`, combatant)
}

// openOthers unfolds the other combatants' seats in the links panel.
var openOthers = chromedp.Evaluate(`document.querySelector("#joins-others").open = true`, nil)

// qrOf reads back the QR code an img element of a tab shows (a data: URL
// of the server's SVG).
func qrOf(t *testing.T, tab context.Context, sel string) string {
	t.Helper()
	var src string
	var ok bool
	run(t, tab, "the QR code "+sel, chromedp.WaitVisible(sel, chromedp.ByQuery), chromedp.AttributeValue(sel, "src", &src, &ok, chromedp.ByQuery))
	data, found := strings.CutPrefix(src, "data:image/svg+xml,")
	if !ok || !found {
		t.Fatalf("%s shows %.60q, not an SVG", sel, src)
	}
	svg, err := url.PathUnescape(data)
	if err != nil {
		t.Fatal(err)
	}
	text, err := qrread.SVG([]byte(svg))
	if err != nil {
		t.Fatalf("reading the QR code %s: %v", sel, err)
	}
	return text
}

// TestLinksTravel: a GM starts a fight on one device; on another device
// with only the GM's link (none of the players' links in its storage),
// the GM's page lists every seat, makes Eastman a new link, shows it with
// a QR code that reads back as exactly that link and copies it; the page
// open on the old link stops at once and says why, the new link plays
// Eastman, and the first device, read again, knows its Eastman link is
// no longer the one in force while Westman's still is. The GM's own link
// has a QR code too, to take the GM's page to a phone.
func TestLinksTravel(t *testing.T) {
	t.Parallel()
	s := startSite(t)
	first, _ := browser(t, 1200, 900)
	fight, gmToken, oldLink := startOnPage(t, s, first, "pistols_at_dawn", "eastman")

	player, _ := browser(t, 390, 844)
	run(t, player, "Eastman's page on the first link", chromedp.Navigate(oldLink), atVersion(0), until(liveState+` === "live"`))

	// Another device: a browser of its own, its storage empty.
	second, _ := browser(t, 1000, 1000)
	gmLink := s.base + "/#" + url.Values{"fight": {fight}, "token": {gmToken}}.Encode()
	run(t, second, "the GM's page on another device",
		chromedp.Navigate(gmLink), atVersion(0),
		chromedp.WaitVisible(seatRow("eastman")+`[data-held="false"][data-issued="1"]`, chromedp.ByQuery),
		// Westman is no player character: his seat is among the others.
		openOthers,
		chromedp.WaitVisible(seatRow("westman")+`[data-held="false"][data-issued="1"]`, chromedp.ByQuery))
	var links int
	run(t, second, "the seats listed", chromedp.Evaluate(`document.querySelectorAll("#joins-panel li a").length`, &links))
	if links != 0 {
		t.Fatalf("the other device shows %d players' links it cannot hold", links)
	}

	run(t, second, "a new link for Eastman, confirmed",
		clickOn(seatRow("eastman")+" button.reissue"),
		chromedp.WaitVisible(seatRow("eastman")+" .confirm", chromedp.ByQuery),
		clickOn(seatRow("eastman")+" button.reissue-yes"),
		chromedp.WaitVisible(seatRow("eastman")+`[data-held="true"][data-issued="2"] img.qr`, chromedp.ByQuery))
	var newLink string
	run(t, second, "the new link", chromedp.AttributeValue(seatRow("eastman")+" a", "href", &newLink, nil, chromedp.ByQuery))
	if f, tok := fragment(t, newLink); f != fight || tok == "" || newLink == oldLink {
		t.Fatalf("the new link %s (the old %s)", newLink, oldLink)
	}
	if got := qrOf(t, second, seatRow("eastman")+" img.qr"); got != newLink {
		t.Fatalf("the QR code reads %q, the link is %q", got, newLink)
	}
	screenshot(t, second, "links")

	// The old link stops at once, on the page open with it.
	var message string
	var options int
	run(t, player, "Eastman's page on the old link",
		until(liveState+` === "replaced"`),
		chromedp.Text("#message", &message, chromedp.ByQuery),
		chromedp.Evaluate(`document.querySelectorAll("#options button").length`, &options))
	if !strings.Contains(message, "replaced") || !strings.Contains(message, "GM") || options != 0 {
		t.Fatalf("the page on the old link says %q and offers %d options", message, options)
	}

	// Copied: the clipboard holds the new link.
	run(t, second, "copying the new link",
		chromedp.ActionFunc(func(ctx context.Context) error {
			return cdpbrowser.GrantPermissions([]cdpbrowser.PermissionType{cdpbrowser.PermissionTypeClipboardReadWrite, cdpbrowser.PermissionTypeClipboardSanitizedWrite}).WithOrigin(s.base).WithBrowserContextID(browserContextOf(ctx)).Do(ctx)
		}),
		// A real click: a page may write to the clipboard only in answer
		// to one, while it has the focus.
		chromedp.ActionFunc(func(ctx context.Context) error { return emulation.SetFocusEmulationEnabled(true).Do(ctx) }),
		chromedp.Click(seatRow("eastman")+" button.copy", chromedp.ByQuery),
		until(`document.querySelector(`+fmt.Sprintf("%q", seatRow("eastman")+" button.copy")+`).textContent === "Copied"`))
	var copied string
	run(t, second, "the clipboard", chromedp.Evaluate(`navigator.clipboard.readText()`, &copied, func(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) }))
	if copied != newLink {
		t.Fatalf("the clipboard holds %q, not the new link %q", copied, newLink)
	}

	// The GM's own link as a QR code.
	run(t, second, "the GM's link as a QR code", clickOn("#gm-link button.show-qr"))
	if got := qrOf(t, second, "#gm-link img.qr"); got != gmLink {
		t.Fatalf("the GM's QR code reads %q, the GM's link is %q", got, gmLink)
	}

	var title string
	run(t, player, "Eastman's page on the new link",
		chromedp.Navigate(newLink), atVersion(0), until(liveState+` === "live"`),
		chromedp.Text("#title", &title, chromedp.ByQuery))
	if !strings.Contains(title, "playing Eastman") {
		t.Fatalf("the new link's page is %q", title)
	}

	// The first device, read again, no longer offers the old link.
	run(t, first, "the first device read again",
		chromedp.Navigate(s.base+"/"), chromedp.Navigate(gmLink), atVersion(0),
		chromedp.WaitVisible(seatRow("eastman")+`[data-held="false"][data-issued="2"]`, chromedp.ByQuery),
		openOthers,
		chromedp.WaitVisible(seatRow("westman")+`[data-held="true"][data-issued="1"] a`, chromedp.ByQuery))
	var note string
	run(t, first, "why", chromedp.Text(seatRow("eastman")+" .note", &note, chromedp.ByQuery))
	if !strings.Contains(note, "another device") {
		t.Fatalf("the first device says of Eastman's link: %q", note)
	}
}

// TestLinksPlayersFirst: in the alley fight the links panel lists the
// player characters, Beatrix and Markus, and folds the thugs' seats away
// under "Other combatants", closed; unfolded, a thug's seat still gets a
// new link.
func TestLinksPlayersFirst(t *testing.T) {
	t.Parallel()
	s := startSite(t)
	gm, _ := browser(t, 1200, 900)
	fight, _, _ := startOnPage(t, s, gm, "alley_fight", "markus")
	var players, others []string
	var summary string
	var open, thugShown bool
	run(t, gm, "the links panel",
		chromedp.WaitVisible("#joins-others", chromedp.ByQuery),
		chromedp.Evaluate(`[...document.querySelectorAll("#joins > li")].map((li) => li.querySelector(".who").textContent)`, &players),
		chromedp.Evaluate(`[...document.querySelectorAll("#joins-others li")].map((li) => li.querySelector(".who").textContent)`, &others),
		chromedp.Text("#joins-others summary", &summary, chromedp.ByQuery),
		chromedp.Evaluate(`document.querySelector("#joins-others").open`, &open),
		chromedp.Evaluate(`document.querySelector(`+fmt.Sprintf("%q", seatRow("thug1"))+`).checkVisibility()`, &thugShown))
	if strings.Join(players, ", ") != "Beatrix, Markus" || strings.Join(others, ", ") != "Masked thug 1, Masked thug 2, Gunman" {
		t.Errorf("the players' seats %q, the others' %q", players, others)
	}
	if summary != "Other combatants (the GM plays them unless you hand one out)" || open || thugShown {
		t.Errorf("the others' group %q is open (%v) or shows a thug (%v)", summary, open, thugShown)
	}
	var link string
	run(t, gm, "a new link for a thug",
		clickOn("#joins-others summary"),
		clickOn(seatRow("thug1")+" button.reissue"),
		clickOn(seatRow("thug1")+" button.reissue-yes"),
		chromedp.WaitVisible(seatRow("thug1")+`[data-held="true"][data-issued="2"] a`, chromedp.ByQuery),
		chromedp.AttributeValue(seatRow("thug1")+" a", "href", &link, nil, chromedp.ByQuery))
	if f, tok := fragment(t, link); f != fight || tok == "" {
		t.Errorf("the thug's new link %s", link)
	}
}
