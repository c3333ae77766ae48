# The resolve logic of inbox-inspector (profile `latest`, notification shape) in jq, as
# the baseline of `make bench`: layout, degradation reason, pinning and button actions.
# Run as: jq -c -f bench/resolve.jq corpus.ndjson

def has_scheme: type == "string" and test("^[A-Za-z][A-Za-z0-9+.-]*:");
def scheme: ascii_downcase | capture("^(?<s>[a-z][a-z0-9+.-]*):").s;
def web: has_scheme and ((scheme) as $s | $s == "http" or $s == "https");
def nonempty: type == "string" and length > 0;

# actionParams places in lookup order: root (ios_root_params minus aps), data object, data string, userdata.
def places:
  (.ios_root_params // {} | if type == "object" then del(.aps) else {} end) as $root
  | (.data) as $u
  | [ $root,
      (if ($u | type) == "object" then $u else {} end),
      (if ($u | type) == "string" then ($u | try fromjson catch {}) | (if type == "object" then . else {} end) else {} end),
      (if ($root.userdata | type) == "object" then $root.userdata else {} end) ];

def lookup($key; $n; f): [ places[0:$n][] | select(has($key)) | .[$key] | select(f) ] | first;

. as $m
| (lookup("displayType"; 4; type == "string") // null | if . then ascii_downcase else null end) as $dt
| ($m.ios_title | if type == "object" then (.en // first(.[])) else . end) as $title
| ($m.content | if type == "object" then (.en // first(.[])) else . end) as $body
| ((if ($m.inbox_image | nonempty) then $m.inbox_image else null end)
   // lookup("image"; 3; nonempty)) as $image
| ([(lookup("carousel"; 3; type == "array") // [])[] | select(type == "object" and (.image | nonempty))] | .[0:5]) as $slides
| (lookup("video"; 3; type == "object") // null) as $video
| ([places[0:3][] | .wallet? // empty | (if type == "object" then .pass else . end) | select(web)] | first) as $pass
| (if ($dt != null and (["banner","captioned","classic","carousel","video","wallet"] | index($dt)))
   then {requested: $dt, by: "displayType"}
   else {requested: (if $image and ($title | nonempty | not) then "banner"
                     elif $image and ($title | nonempty) and ($body | nonempty) then "captioned"
                     else "classic" end), by: "heuristic"} end) as $req
| (if $req.requested == "banner" then (if $image then null else "no image" end)
   elif $req.requested == "captioned" then
     (if ($image | not) then "no image" elif ($title | nonempty | not) then "no title"
      elif ($body | nonempty | not) then "no body" else null end)
   elif $req.requested == "carousel" then
     (if ($slides | length) == 0 then "no slides" elif ($title | nonempty | not) then "no title"
      elif ($body | nonempty | not) then "no body" else null end)
   elif $req.requested == "video" then (if ($video.url? | web) then null else "no video descriptor" end)
   elif $req.requested == "wallet" then (if $pass then null else "no pass URL" end)
   else null end) as $reason
| (lookup("pinned"; 4; type == "boolean" or type == "number") // false
   | if type == "number" then . != 0 else . end) as $pinned
| {layout: (if $reason then "classic" else $req.requested end), requested: $req.requested,
   requestedBy: $req.by, reason: $reason, pinned: $pinned, image: $image,
   buttons: [(lookup("buttons"; 3; type == "array") // [])[]
     | select(type == "object" and (.title | nonempty))
     | ((.action // "") | if type == "string" then ascii_downcase else "" end) as $a
     | if $a == "dismiss" then "dismiss" elif $a == "markread" then "markRead" elif $a == "custom" then "custom"
       elif (.url | nonempty) and (.url | has_scheme) then "openURL" else "custom" end]}
