package parts

import "strconv"

// Count writes n with the noun that agrees with it, for transcripts and
// prompts: Count(1, "yard", "yards") is "1 yard", Count(3, ...) "3 yards".
func Count(n int, one, many string) string {
	if n == 1 || n == -1 {
		return strconv.Itoa(n) + " " + one
	}
	return strconv.Itoa(n) + " " + many
}
