package store

import (
	"context"
	"errors"
	"fmt"
)

// appendReq is an append waiting for a group commit.
type appendReq struct {
	fight   string
	version int64
	r       row
	done    chan error
}

// maxBatch bounds the appends one group commit takes.
const maxBatch = 256

// appendQueue holds a process's appends waiting for the writers that
// commit them in groups, on either backend. Closing closed stops the
// writers; stopped is closed once they all have.
type appendQueue struct {
	reqs    chan *appendReq
	closed  chan struct{}
	stopped chan struct{}
}

func newAppendQueue() appendQueue {
	return appendQueue{reqs: make(chan *appendReq, maxBatch), closed: make(chan struct{}), stopped: make(chan struct{})}
}

// add queues an append of e after version and waits for its answer from
// the group commit that takes it.
func (q appendQueue) add(ctx context.Context, fight string, version int64, e Entry) error {
	r, err := rowOf(e)
	if err != nil {
		return err
	}
	req := &appendReq{fight: fight, version: version, r: r, done: make(chan error, 1)}
	select {
	case q.reqs <- req:
	case <-q.closed:
		return errors.New("appending: the store is closed")
	case <-ctx.Done():
		return fmt.Errorf("appending: %w", ctx.Err())
	}
	select {
	case err := <-req.done:
		return err
	case <-q.stopped:
		select {
		case err := <-req.done:
			return err
		default:
			return errors.New("appending: the store was closed before the entry was committed")
		}
	case <-ctx.Done():
		return fmt.Errorf("appending (the entry may yet be committed): %w", ctx.Err())
	}
}

// take waits for an append and returns it with every other one waiting,
// up to maxBatch: a group to commit. It returns false once the store is
// closing.
func (q appendQueue) take() ([]*appendReq, bool) {
	var first *appendReq
	select {
	case first = <-q.reqs:
	case <-q.closed:
		return nil, false
	}
	batch := []*appendReq{first}
	for len(batch) < maxBatch {
		select {
		case req := <-q.reqs:
			batch = append(batch, req)
		default:
			return batch, true
		}
	}
	return batch, true
}
