// Command compose-check validates docker-compose.yml with compose-go, the library `docker
// compose config` is built on, for machines that have no Docker Compose plugin (CI here). It
// loads the file with the environment and .env as Compose would (schema, interpolation, required
// variables), checks that the services named by -scalable can run as several replicas
// (`docker compose up --scale backend=N`: no container_name, no fixed host port), and prints
// each service with its replicas and published ports.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"sort"
	"strings"

	"github.com/compose-spec/compose-go/v2/cli"
)

func main() {
	scalable := flag.String("scalable", "", "comma-separated services that must scale to N replicas")
	flag.Parse()
	file := "docker-compose.yml"
	if flag.NArg() > 0 {
		file = flag.Arg(0)
	}
	options, err := cli.NewProjectOptions(
		[]string{file},
		cli.WithOsEnv,
		cli.WithDotEnv,
		cli.WithName("store-cloud"),
		cli.WithResolvedPaths(true),
	)
	if err != nil {
		fail(err)
	}
	project, err := cli.ProjectFromOptions(context.Background(), options)
	if err != nil {
		fail(err)
	}
	for _, name := range strings.Split(*scalable, ",") {
		if name == "" {
			continue
		}
		service, err := project.GetService(name)
		if err != nil {
			fail(err)
		}
		if service.ContainerName != "" {
			fail(fmt.Errorf("service %s sets container_name, so it cannot scale", name))
		}
		for _, port := range service.Ports {
			if port.Published != "" {
				fail(fmt.Errorf("service %s publishes host port %s, so it cannot scale", name, port.Published))
			}
		}
	}
	names := project.ServiceNames()
	sort.Strings(names)
	for _, name := range names {
		service := project.Services[name]
		replicas := 1
		if service.Deploy != nil && service.Deploy.Replicas != nil {
			replicas = *service.Deploy.Replicas
		}
		fmt.Printf("%-18s replicas=%d ports=%d\n", name, replicas, len(service.Ports))
	}
	fmt.Printf("%s: valid (%d services)\n", file, len(names))
}

func fail(err error) {
	fmt.Fprintf(os.Stderr, "compose-check: %v\n", err)
	os.Exit(1)
}
