// Package qrread reads back the QR codes the server draws as SVG, for
// tests: it paints the SVG's modules into an image and decodes that with
// a QR reader (gozxing, a port of ZXing), so that a test checks what a
// phone's camera would read, not how the code was made.
package qrread

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"regexp"
	"strconv"

	"github.com/makiuchi-d/gozxing"
	"github.com/makiuchi-d/gozxing/qrcode"
)

var (
	viewBox = regexp.MustCompile(`viewBox="0 0 (\d+) (\d+)"`)
	path    = regexp.MustCompile(`<path [^>]*d="([^"]*)"`)
	stroke  = regexp.MustCompile(`^M(\d+) (\d+)h(\d+)v1h-(\d+)z`)
)

// pixels is how many pixels a module is painted with.
const pixels = 4

// SVG decodes a QR code drawn as an SVG of the server's form: a viewBox
// of one unit a module, and one path whose strokes are runs of dark
// modules in a row ("M{x} {y}h{n}v1h-{n}z"). It returns the text the
// code holds.
func SVG(svg []byte) (string, error) {
	m := viewBox.FindSubmatch(svg)
	if m == nil {
		return "", errors.New("no viewBox of the form 0 0 N N")
	}
	n, _ := strconv.Atoi(string(m[1]))
	if h, _ := strconv.Atoi(string(m[2])); h != n || n <= 0 || n > 1000 {
		return "", fmt.Errorf("a viewBox of %s by %s: want a square", m[1], m[2])
	}
	img := image.NewGray(image.Rect(0, 0, n*pixels, n*pixels))
	for i := range img.Pix {
		img.Pix[i] = 0xff
	}
	p := path.FindSubmatch(svg)
	if p == nil {
		return "", errors.New("no path")
	}
	d := p[1]
	for len(d) > 0 {
		s := stroke.FindSubmatch(d)
		if s == nil {
			return "", fmt.Errorf("a path this reader does not know, at %.20q", d)
		}
		x, _ := strconv.Atoi(string(s[1]))
		y, _ := strconv.Atoi(string(s[2]))
		run, _ := strconv.Atoi(string(s[3]))
		if back, _ := strconv.Atoi(string(s[4])); back != run || x+run > n || y >= n {
			return "", fmt.Errorf("a stroke out of the square: %s", s[0])
		}
		for px := x * pixels; px < (x+run)*pixels; px++ {
			for py := y * pixels; py < (y+1)*pixels; py++ {
				img.SetGray(px, py, color.Gray{})
			}
		}
		d = d[len(s[0]):]
	}
	bmp, err := gozxing.NewBinaryBitmapFromImage(img)
	if err != nil {
		return "", fmt.Errorf("reading the image: %w", err)
	}
	res, err := qrcode.NewQRCodeReader().Decode(bmp, map[gozxing.DecodeHintType]any{gozxing.DecodeHintType_PURE_BARCODE: true})
	if err != nil {
		return "", fmt.Errorf("decoding the QR code: %w", err)
	}
	return res.GetText(), nil
}
