package odds

import "encoding/json"

// reportFields is a Report without its JSON methods, for them to use.
type reportFields Report

// reportJSON is a Report as JSON carries it between processes (the
// server's odds workers): its exported fields, and the report of an
// estimate's exact part, which its intervals are read from (see
// Report.Interval).
type reportJSON struct {
	*reportFields
	ExactPart *Report `json:",omitempty"`
}

// MarshalJSON writes the report with the exact part of an estimate of a
// part, so that a report read back gives the same intervals.
func (r *Report) MarshalJSON() ([]byte, error) {
	return json.Marshal(reportJSON{reportFields: (*reportFields)(r), ExactPart: r.exact})
}

// UnmarshalJSON reads a report MarshalJSON wrote.
func (r *Report) UnmarshalJSON(data []byte) error {
	w := reportJSON{reportFields: (*reportFields)(r)}
	if err := json.Unmarshal(data, &w); err != nil {
		return err
	}
	r.exact = w.ExactPart
	return nil
}
