import java.io.IOException;
import java.io.InputStream;
import java.lang.module.ModuleDescriptor;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * Inspects what a release would publish, as installed in a local Maven repository by
 * {@code mvn -P release install}: the parent POM, the BOM and, for every library module of the root
 * reactor, its jar, sources jar, javadoc jar and POM. Prints every problem and exits 1 if there is one.
 *
 * <p>Run as {@code java release/CheckRelease.java <local repository> <version> <repository root>}
 * (bin/check-release does).
 */
public final class CheckRelease {

    /**
     * Runtime dependencies a published module may have besides other Sluice modules: the JDK alone, but for
     * sluice-json's streaming generator and what the optional integration modules integrate.
     */
    private static final Map<String, Set<String>> ALLOWED_RUNTIME = Map.of(
            "sluice-json", Set.of("com.fasterxml.jackson.core:jackson-core"),
            "sluice-micrometer", Set.of("io.micrometer:micrometer-core"),
            "sluice-opentelemetry", Set.of("io.opentelemetry:opentelemetry-api"));

    /** Test frameworks: a class that names one of them is a test class. */
    private static final List<String> TEST_LIBRARIES = List.of("org/junit/", "org/assertj/", "net/jqwik/");

    private final List<String> problems = new ArrayList<>();
    private final Path group;
    private final String version;
    private final byte[] license;

    private CheckRelease(Path repository, String version, Path root) throws IOException {
        this.group = repository.resolve("io/sluice");
        this.version = version;
        this.license = Files.readAllBytes(root.resolve("LICENSE"));
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 3) {
            System.err.println("usage: java CheckRelease.java <local repository> <version> <repository root>");
            System.exit(2);
        }
        Path root = Path.of(args[2]);
        CheckRelease check = new CheckRelease(Path.of(args[0]), args[1], root);
        List<String> libraries = libraryModules(root.resolve("pom.xml"));
        check.run(libraries);
        if (!check.problems.isEmpty()) {
            check.problems.forEach(p -> System.err.println("check-release: " + p));
            System.exit(1);
        }
        System.out.println("check-release: " + check.version + ": parent, BOM and " + libraries.size()
                + " library modules " + libraries + " as a release would publish them");
    }

    /** The root reactor's modules outside any profile, but the BOM: what a release publishes as jars. */
    static List<String> libraryModules(Path rootPom) throws Exception {
        List<String> modules = new ArrayList<>();
        for (Element m : children(child(parse(rootPom).getDocumentElement(), "modules"), "module")) {
            if (!m.getTextContent().trim().equals("sluice-bom")) {
                modules.add(m.getTextContent().trim());
            }
        }
        return modules;
    }

    private void run(List<String> libraries) throws Exception {
        Set<String> expected = new TreeSet<>(libraries);
        expected.add("sluice-parent");
        expected.add("sluice-bom");
        Set<String> installed = new TreeSet<>();
        try (Stream<Path> dirs = Files.list(group)) {
            dirs.forEach(d -> installed.add(d.getFileName().toString()));
        }
        if (!installed.equals(expected)) {
            problems.add("io.sluice artifacts installed " + installed + ", expected exactly " + expected);
        }
        Element parent = pom("sluice-parent");
        metadata("sluice-parent", parent, true);
        Element bom = pom("sluice-bom");
        metadata("sluice-bom", bom, true);
        if (child(bom, "parent") != null) {
            problems.add("sluice-bom has a parent: importing it would bring the parent's dependencyManagement");
        }
        Set<String> managed = new TreeSet<>();
        for (Element d : children(child(child(bom, "dependencyManagement"), "dependencies"), "dependency")) {
            managed.add(text(d, "groupId") + ":" + text(d, "artifactId"));
        }
        Set<String> wanted = new TreeSet<>();
        libraries.forEach(l -> wanted.add("io.sluice:" + l));
        if (!managed.equals(wanted)) {
            problems.add("sluice-bom manages " + managed + ", the library modules are " + wanted);
        }
        for (String library : libraries) {
            library(library);
        }
    }

    private void library(String artifact) throws Exception {
        Element pom = pom(artifact);
        metadata(artifact, pom, false);
        for (Element d : children(child(pom, "dependencies"), "dependency")) {
            String scope = text(d, "scope");
            String coordinates = text(d, "groupId") + ":" + text(d, "artifactId");
            boolean runtime = scope == null || scope.equals("compile") || scope.equals("runtime");
            Set<String> allowed = ALLOWED_RUNTIME.getOrDefault(artifact, Set.of());
            if (runtime && !coordinates.startsWith("io.sluice:") && !allowed.contains(coordinates)) {
                problems.add(artifact + " depends at runtime on " + coordinates + " (allowed: io.sluice:*, "
                        + allowed + ")");
            }
        }
        Path jar = file(artifact, ".jar");
        Path sources = file(artifact, "-sources.jar");
        Path javadoc = file(artifact, "-javadoc.jar");
        if (jar == null || sources == null || javadoc == null) {
            return;
        }
        try (JarFile j = new JarFile(jar.toFile())) {
            JarEntry info = j.getJarEntry("module-info.class");
            if (info == null) {
                problems.add(jar.getFileName() + " has no module-info.class");
            } else {
                try (InputStream in = j.getInputStream(info)) {
                    ModuleDescriptor module = ModuleDescriptor.read(in);
                    if (!module.name().startsWith("io.sluice.") || module.exports().isEmpty()) {
                        problems.add(jar.getFileName() + ": module " + module.name() + " exports " + module.exports());
                    }
                }
            }
            licensed(j, jar);
            for (JarEntry e : j.stream().toList()) {
                String name = e.getName();
                if (e.isDirectory() || name.startsWith("META-INF/") || name.equals("module-info.class")) {
                    continue;
                }
                if (!name.startsWith("io/sluice/")) {
                    problems.add(jar.getFileName() + " holds " + name + ", not a Sluice class (a shaded peer?)");
                } else if (name.endsWith(".class") && namesTestLibrary(j, e)) {
                    problems.add(jar.getFileName() + " holds a test class: " + name);
                }
            }
        }
        try (JarFile s = new JarFile(sources.toFile())) {
            licensed(s, sources);
            if (s.getJarEntry("module-info.java") == null) {
                problems.add(sources.getFileName() + " has no module-info.java");
            }
            s.stream().filter(e -> e.getName().endsWith("Test.java"))
                    .forEach(e -> problems.add(sources.getFileName() + " holds a test source: " + e.getName()));
        }
        try (JarFile d = new JarFile(javadoc.toFile())) {
            if (d.getJarEntry("index.html") == null || d.getJarEntry("element-list") == null) {
                problems.add(javadoc.getFileName() + " holds no javadoc (index.html, element-list)");
            }
        }
    }

    private void licensed(JarFile jar, Path path) throws IOException {
        JarEntry entry = jar.getJarEntry("META-INF/LICENSE");
        if (entry == null) {
            problems.add(path.getFileName() + " has no META-INF/LICENSE");
            return;
        }
        try (InputStream in = jar.getInputStream(entry)) {
            if (!Arrays.equals(in.readAllBytes(), license)) {
                problems.add(path.getFileName() + ": META-INF/LICENSE differs from the repository's LICENSE");
            }
        }
        if (jar.getJarEntry("META-INF/NOTICE") == null) {
            problems.add(path.getFileName() + " has no META-INF/NOTICE");
        }
    }

    private static boolean namesTestLibrary(JarFile jar, JarEntry entry) throws IOException {
        try (InputStream in = jar.getInputStream(entry)) {
            String constants = new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
            return TEST_LIBRARIES.stream().anyMatch(constants::contains);
        }
    }

    /** The metadata Maven Central requires; a module inherits licences, url, scm and developers. */
    private void metadata(String artifact, Element pom, boolean full) {
        List<String> required = new ArrayList<>(List.of("name", "description"));
        if (full) {
            required.addAll(List.of("url", "licenses", "scm", "developers"));
        }
        for (String field : required) {
            if (text(pom, field) == null || text(pom, field).isBlank()) {
                problems.add(artifact + " POM has no <" + field + ">");
            }
        }
        if (full && !"Apache-2.0".equals(text(child(child(pom, "licenses"), "license"), "name"))) {
            problems.add(artifact + " POM does not name the Apache-2.0 licence");
        }
        if (full && text(child(pom, "scm"), "connection") == null) {
            problems.add(artifact + " POM has no <scm><connection>");
        }
    }

    private Element pom(String artifact) throws Exception {
        Path pom = file(artifact, ".pom");
        if (pom == null) {
            throw new IllegalStateException("check-release: " + artifact + " has no POM in " + group
                    + " (was `mvn -P release install` run into this repository?)");
        }
        return parse(pom).getDocumentElement();
    }

    private Path file(String artifact, String suffix) {
        Path p = group.resolve(artifact).resolve(version).resolve(artifact + "-" + version + suffix);
        if (!Files.isRegularFile(p)) {
            problems.add("missing " + p);
            return null;
        }
        return p;
    }

    private static Document parse(Path xml) throws Exception {
        return DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(xml.toFile());
    }

    private static Element child(Element parent, String name) {
        if (parent == null) {
            return null;
        }
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && e.getTagName().equals(name)) {
                return e;
            }
        }
        return null;
    }

    private static List<Element> children(Element parent, String name) {
        List<Element> result = new ArrayList<>();
        if (parent != null) {
            for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
                if (n instanceof Element e && e.getTagName().equals(name)) {
                    result.add(e);
                }
            }
        }
        return result;
    }

    private static String text(Element parent, String name) {
        Element e = child(parent, name);
        return e == null ? null : e.getTextContent().trim();
    }
}
