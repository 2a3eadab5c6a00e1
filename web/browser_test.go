package web_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	cdpruntime "github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"
)

// TestMain runs the tests, then stops the chromium they shared.
func TestMain(m *testing.M) {
	code := m.Run()
	shared.stop()
	os.Exit(code)
}

// chromium returns the browser the tests drive: Debian's chromium. Without
// it the tests skip, unless CI is set: there they must run (.ci/run
// installs it).
func chromium(t *testing.T) string {
	t.Helper()
	for _, p := range []string{"/usr/bin/chromium", "chromium", "chromium-browser"} {
		if path, err := exec.LookPath(p); err == nil {
			return path
		}
	}
	if os.Getenv("CI") != "" {
		t.Fatal("no chromium: CI must run the browser tests (.ci/run installs it with apt-get install -y chromium)")
	}
	t.Skip("no chromium on this machine (apt-get install -y chromium): the browser tests skip; with CI set they fail instead")
	return ""
}

// sharedChromium is the one chromium process the tests share: starting one
// takes seconds, a browser context in it (a test's own "browser", with
// its own storage, windows and tabs) a few milliseconds.
type sharedChromium struct {
	once sync.Once
	ctx  context.Context // the browser's first tab, which the tests leave alone
	err  error
	quit chan struct{} // closed to stop the browser
	done chan struct{} // closed once it has stopped
}

// shared is the package's chromium, started by the first test that asks.
var shared sharedChromium

// start starts chromium at path, once; later calls return the first's
// outcome.
func (c *sharedChromium) start(path string) (context.Context, error) {
	c.once.Do(func() {
		c.quit, c.done = make(chan struct{}), make(chan struct{})
		started := make(chan struct{})
		go c.run(path, started)
		<-started
	})
	return c.ctx, c.err
}

// run starts chromium and keeps it until stop. It starts it from a
// thread of its own that lives as long as the browser: chromedp has the
// kernel kill chromium when the thread that started it ends
// (PR_SET_PDEATHSIG), and a thread the server's odds workers lock to
// themselves ends with them.
func (c *sharedChromium) run(path string, started chan<- struct{}) {
	defer close(c.done)
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	// Each test's browser context would otherwise leave chromium a spare
	// renderer process started ahead for its next page, which no page of
	// that context ever takes: about a third of the processes started,
	// and their CPU, for nothing. Each new window would also load the
	// browser's own address-bar popup, a web page of its own in a renderer
	// of its own (chrome://omnibox-popup.top-chrome/), which no test
	// shows: the WebUIOmnibox features off, a window starts one renderer,
	// not two. The other features are those chromedp's defaults turn off
	// (this flag replaces theirs).
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path), chromedp.NoSandbox,
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.Flag("disable-features", "site-per-process,Translate,BlinkGenPropertyTrees,SpareRendererForSitePerProcess,WebUIOmniboxPopup,WebUIOmniboxAimPopup,WebUIOmniboxFullPopup"))
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancelAlloc()
	ctx, cancel := chromedp.NewContext(actx)
	defer cancel()
	c.ctx = ctx
	if err := chromedp.Run(ctx); err != nil {
		c.err = fmt.Errorf("starting chromium: %w", err)
	}
	close(started)
	<-c.quit
}

// stop closes the browser, if it was started, and waits for it to end.
func (c *sharedChromium) stop() {
	if c.quit != nil {
		close(c.quit)
		<-c.done
	}
}

// browserContextKey is the context key under which a tab's context holds
// the ID of the browser context it belongs to (see openTab).
type browserContextKey struct{}

// browserContextOf is the browser context of a tab that browser or openTab
// opened: a test's browser, for the calls that name one (permissions).
func browserContextOf(tab context.Context) cdp.BrowserContextID {
	bc, _ := tab.Value(browserContextKey{}).(cdp.BrowserContextID)
	return bc
}

// browser gives a test a browser of its own: a fresh browser context (no
// storage shared with any other) in the shared chromium, with one window of
// width by height. It fails the test on any error the page's code logs or
// throws, in any tab; watch sets that up for a further tab.
func browser(t *testing.T, width, height int) (context.Context, func(ctx context.Context)) {
	t.Helper()
	root, err := shared.start(chromium(t))
	if err != nil {
		t.Fatal(err)
	}
	bx := cdp.WithExecutor(root, chromedp.FromContext(root).Browser)
	bc, err := target.CreateBrowserContext().Do(bx)
	if err != nil {
		t.Fatalf("a browser context: %v", err)
	}
	t.Cleanup(func() {
		if err := target.DisposeBrowserContext(bc).Do(bx); err != nil {
			t.Errorf("disposing of the browser context: %v", err)
		}
	})
	id, err := target.CreateTarget("about:blank").WithBrowserContextID(bc).
		WithNewWindow(true).WithWidth(int64(width)).WithHeight(int64(height)).Do(bx)
	if err != nil {
		t.Fatalf("a %dx%d window: %v", width, height, err)
	}
	ctx, cancel := chromedp.NewContext(context.WithValue(root, browserContextKey{}, bc), chromedp.WithTargetID(id))
	t.Cleanup(cancel)
	var mu sync.Mutex
	var errs []string
	watch := func(ctx context.Context) {
		chromedp.ListenTarget(ctx, func(ev any) {
			mu.Lock()
			defer mu.Unlock()
			switch ev := ev.(type) {
			case *cdpruntime.EventConsoleAPICalled:
				if ev.Type == cdpruntime.APITypeError || ev.Type == cdpruntime.APITypeAssert {
					var args []string
					for _, a := range ev.Args {
						args = append(args, string(a.Value)+a.Description)
					}
					errs = append(errs, "console."+string(ev.Type)+": "+strings.Join(args, " "))
				}
			case *cdpruntime.EventExceptionThrown:
				d := ev.ExceptionDetails
				msg := d.Text
				if d.Exception != nil {
					msg += " " + d.Exception.Description
				}
				errs = append(errs, fmt.Sprintf("exception at %s:%d: %s", d.URL, d.LineNumber, msg))
			}
		})
	}
	watch(ctx)
	t.Cleanup(func() {
		mu.Lock()
		defer mu.Unlock()
		for _, e := range errs {
			t.Errorf("the page's console: %s", e)
		}
	})
	if err := chromedp.Run(ctx); err != nil {
		t.Fatalf("opening the window: %v", err)
	}
	return ctx, watch
}

// openTab opens link in a new tab of parent's browser (in parent's window),
// its errors watched as the first tab's are.
func openTab(t *testing.T, parent context.Context, watch func(context.Context), link string) context.Context {
	t.Helper()
	tab, cancel := chromedp.NewContext(parent, chromedp.WithExistingBrowserContext(browserContextOf(parent)))
	t.Cleanup(cancel)
	watch(tab)
	// The tab opens on its first Run, which must not be one with a
	// deadline: the tab would close with it.
	if err := chromedp.Run(tab); err != nil {
		t.Fatal(err)
	}
	run(t, tab, "opening "+link, chromedp.Navigate(link), chromedp.WaitVisible("#fight", chromedp.ByQuery),
		until(`document.querySelector("#live").dataset.state === "live"`))
	return tab
}
