package engine

import (
	"errors"
	"fmt"

	"fray/dice"
)

// Code classifies why a command was refused, so that a user interface can
// react (ask for dice, wait for the right player) without parsing messages.
type Code string

// The codes a refused command carries.
const (
	// Invalid: the command is malformed or names things that do not exist.
	Invalid Code = "invalid"
	// NotYourTurn: the command comes from someone other than the one the
	// current prompt is waiting for.
	NotYourTurn Code = "not-your-turn"
	// NotAllowedNow: the command is well formed but the rules forbid it at
	// this moment (no action left, gun jammed, target out of reach).
	NotAllowedNow Code = "not-allowed-now"
	// NeedsDice: the command needs dice that have not been supplied; the
	// table rolls them and submits again.
	NeedsDice Code = "needs-dice"
	// Conflict: the command was decided against a state that has moved on
	// (another decision landed first).
	Conflict Code = "conflict"
)

// Error is a refused command: a code and a message a player can read. The
// state it was tried against is unchanged.
type Error struct {
	Code Code
	Msg  string
	// Need is set for NeedsDice: the die to roll next.
	Need *dice.NeedError
}

func (e *Error) Error() string { return e.Msg }

// Unwrap exposes the dice error behind a NeedsDice refusal.
func (e *Error) Unwrap() error {
	if e.Need != nil {
		return e.Need
	}
	return nil
}

// Errorf returns a refusal with the given code and a formatted message.
func Errorf(code Code, format string, args ...any) *Error {
	return &Error{Code: code, Msg: fmt.Sprintf(format, args...)}
}

// CodeOf returns the code of a refusal, or "" if err is not one.
func CodeOf(err error) Code {
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return ""
}
