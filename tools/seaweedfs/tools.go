//go:build tools

// Package tools pins SeaweedFS as a dependency of this module so that
// `go build github.com/seaweedfs/seaweedfs/weed` can build the `weed` binary
// (its S3 gateway is the real S3-compatible server the media tests use).
// `go install …/weed@…` is refused because SeaweedFS's go.mod has replace directives.
package tools

import _ "github.com/seaweedfs/seaweedfs/weed"
