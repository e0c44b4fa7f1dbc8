// Command k8s-check decodes rendered Kubernetes manifests (`helm template` output, one or more
// YAML documents) strictly with Kubernetes' own API types, so that CI catches without a cluster
// what an API server would refuse: a misspelled or misplaced field, a wrong type, a kind or
// apiVersion it does not serve. It reads the files named, or standard input, prints each
// document as kind/name (with -json: the decoded objects as one JSON array, for tests to read),
// and exits 1 naming every document that fails.
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	appsv1 "k8s.io/api/apps/v1"
	autoscalingv2 "k8s.io/api/autoscaling/v2"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	policyv1 "k8s.io/api/policy/v1"
	rbacv1 "k8s.io/api/rbac/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	utilyaml "k8s.io/apimachinery/pkg/util/yaml"
	"sigs.k8s.io/yaml"
)

// The kinds a chart of this project may render; any other apiVersion/kind is an error, so a
// typo or an API version the cluster no longer serves fails here too.
var kinds = map[string]func() any{
	"apps/v1/Deployment":                       func() any { return &appsv1.Deployment{} },
	"apps/v1/StatefulSet":                      func() any { return &appsv1.StatefulSet{} },
	"apps/v1/DaemonSet":                        func() any { return &appsv1.DaemonSet{} },
	"batch/v1/Job":                             func() any { return &batchv1.Job{} },
	"batch/v1/CronJob":                         func() any { return &batchv1.CronJob{} },
	"v1/Service":                               func() any { return &corev1.Service{} },
	"v1/ConfigMap":                             func() any { return &corev1.ConfigMap{} },
	"v1/Secret":                                func() any { return &corev1.Secret{} },
	"v1/ServiceAccount":                        func() any { return &corev1.ServiceAccount{} },
	"v1/PersistentVolumeClaim":                 func() any { return &corev1.PersistentVolumeClaim{} },
	"v1/Pod":                                   func() any { return &corev1.Pod{} },
	"autoscaling/v2/HorizontalPodAutoscaler":   func() any { return &autoscalingv2.HorizontalPodAutoscaler{} },
	"policy/v1/PodDisruptionBudget":            func() any { return &policyv1.PodDisruptionBudget{} },
	"networking.k8s.io/v1/Ingress":             func() any { return &networkingv1.Ingress{} },
	"networking.k8s.io/v1/NetworkPolicy":       func() any { return &networkingv1.NetworkPolicy{} },
	"rbac.authorization.k8s.io/v1/Role":        func() any { return &rbacv1.Role{} },
	"rbac.authorization.k8s.io/v1/RoleBinding": func() any { return &rbacv1.RoleBinding{} },
}

// header is what every document is read for first: its type and name.
type header struct {
	metav1.TypeMeta `json:",inline"`
	Metadata        struct {
		Name string `json:"name"`
	} `json:"metadata"`
}

func main() {
	asJSON := flag.Bool("json", false, "print the decoded objects as a JSON array instead of their names")
	flag.Parse()
	inputs := flag.Args()
	if len(inputs) == 0 {
		inputs = []string{"-"}
	}
	checked, failed := 0, 0
	objects := []any{}
	for _, input := range inputs {
		docs, err := documents(input)
		if err != nil {
			fmt.Fprintf(os.Stderr, "k8s-check: %s: %v\n", input, err)
			os.Exit(1)
		}
		for i, doc := range docs {
			name, object, err := check(doc)
			if name == "" {
				name = fmt.Sprintf("document %d", i+1)
			}
			if source := sourceOf(doc); source != "" {
				name += " (" + source + ")"
			}
			if err != nil {
				failed++
				fmt.Fprintf(os.Stderr, "k8s-check: %s: %s: %v\n", input, name, err)
				continue
			}
			checked++
			objects = append(objects, object)
			if !*asJSON {
				fmt.Printf("ok %s\n", name)
			}
		}
	}
	if failed > 0 {
		fmt.Fprintf(os.Stderr, "k8s-check: %d of %d documents failed\n", failed, failed+checked)
		os.Exit(1)
	}
	if checked == 0 {
		fmt.Fprintln(os.Stderr, "k8s-check: no document to check")
		os.Exit(1)
	}
	if *asJSON {
		out, err := json.Marshal(objects)
		if err != nil {
			fmt.Fprintf(os.Stderr, "k8s-check: %v\n", err)
			os.Exit(1)
		}
		fmt.Println(string(out))
		return
	}
	fmt.Printf("k8s-check: %d documents valid\n", checked)
}

// documents splits a multi-document YAML stream, leaving out documents that hold only comments.
func documents(input string) ([][]byte, error) {
	var r io.Reader = os.Stdin
	if input != "-" {
		f, err := os.Open(input)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		r = f
	}
	reader := utilyaml.NewYAMLReader(bufio.NewReader(r))
	var docs [][]byte
	for {
		doc, err := reader.Read()
		if errors.Is(err, io.EOF) {
			return docs, nil
		}
		if err != nil {
			return nil, err
		}
		if hasContent(doc) {
			docs = append(docs, doc)
		}
	}
}

func hasContent(doc []byte) bool {
	for _, line := range strings.Split(string(doc), "\n") {
		line = strings.TrimSpace(line)
		if line != "" && line != "---" && !strings.HasPrefix(line, "#") {
			return true
		}
	}
	return false
}

// sourceOf answers the template helm names in its "# Source:" comment.
func sourceOf(doc []byte) string {
	for _, line := range bytes.Split(doc, []byte("\n")) {
		if after, ok := bytes.CutPrefix(bytes.TrimSpace(line), []byte("# Source: ")); ok {
			return string(after)
		}
	}
	return ""
}

// check decodes one document into its API type, refusing unknown and duplicate fields and
// values of the wrong type; it answers kind/name for the report and the decoded object.
func check(doc []byte) (string, any, error) {
	var h header
	if err := yaml.Unmarshal(doc, &h); err != nil {
		return "", nil, fmt.Errorf("not a Kubernetes object: %w", err)
	}
	name := h.Kind + "/" + h.Metadata.Name
	if h.APIVersion == "" || h.Kind == "" {
		return name, nil, errors.New("apiVersion and kind are required")
	}
	if h.Metadata.Name == "" {
		return name, nil, errors.New("metadata.name is required")
	}
	newObject, ok := kinds[h.APIVersion+"/"+h.Kind]
	if !ok {
		return name, nil, fmt.Errorf("unknown kind %s %s", h.APIVersion, h.Kind)
	}
	object := newObject()
	if err := yaml.UnmarshalStrict(doc, object); err != nil {
		return name, nil, err
	}
	return name, object, nil
}
