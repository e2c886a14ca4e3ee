#!/usr/bin/env python3
# Checks the relative links and #anchors of README.md, CONTRIBUTING.md and docs/*.md (run from
# the repository root): python3 docs/check_links.py; exits 1 when a link is broken.
import re, os, sys, glob
def anchors(path):
    out=set(); seen={}
    in_code=False
    for l in open(path):
        if l.startswith('```'): in_code=not in_code; continue
        if in_code: continue
        m=re.match(r'^(#+)\s+(.*)',l)
        if m:
            t=m.group(2).strip().lower()
            t=re.sub(r'[^\w\- ]','',t).replace(' ','-')
            if t in seen: seen[t]+=1; t=f"{t}-{seen[t]}"
            else: seen[t]=0
            out.add(t)
    return out
bad=0; n=0
files=['README.md','CONTRIBUTING.md']+glob.glob('docs/*.md')
for f in files:
    text=open(f).read()
    text=re.sub(r'```.*?```','',text,flags=re.S)
    text=re.sub(r'`[^`\n]*`','',text)
    for m in re.finditer(r'\]\(([^)\s]+)\)',text):
        link=m.group(1); n+=1
        if re.match(r'https?://',link): continue
        path,_,frag=link.partition('#')
        target=os.path.normpath(os.path.join(os.path.dirname(f),path)) if path else f
        if not os.path.exists(target): print(f"{f}: missing {link}"); bad+=1; continue
        if frag and target.endswith('.md') and frag not in anchors(target):
            print(f"{f}: bad anchor {link}"); bad+=1
print(f"{n} links, {bad} broken"); sys.exit(1 if bad else 0)
