// Command ferretdb runs FerretDB v1 (the embeddable package) on its SQLite backend.
// We build our own tiny main instead of `go install .../cmd/ferretdb` because the module
// proxy refuses the version list that `go install` asks for, and FerretDB's own main panics
// when built outside its repository (it needs a generated version.txt).
// The embeddable package never runs telemetry and keeps its state in memory.
package main

import (
	"context"
	"flag"
	"log"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

	"github.com/FerretDB/FerretDB/ferretdb"
)

func main() {
	listenAddr := flag.String("listen-addr", "127.0.0.1:27017", "TCP address to listen on")
	sqliteURL := flag.String("sqlite-url", "file:data/", "SQLite directory URI, ending in /")
	flag.Parse()

	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))

	f, err := ferretdb.New(&ferretdb.Config{
		Listener:  ferretdb.ListenerConfig{TCP: *listenAddr},
		Logger:    logger,
		Handler:   "sqlite",
		SQLiteURL: *sqliteURL,
	})
	if err != nil {
		log.Fatal(err)
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	log.Printf("FerretDB listening on %s (SQLite at %s)", *listenAddr, *sqliteURL)
	if err := f.Run(ctx); err != nil {
		log.Fatal(err)
	}
}
